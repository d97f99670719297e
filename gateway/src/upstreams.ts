import net from 'node:net';
import type { ServiceName } from './routes';

/** How often an instance that failed to connect is tried again, off the request path. */
const PROBE_INTERVAL_MS = 1000;

export interface Upstream {
  service: ServiceName;
  url: string;
  host: string;
  port: number;
  /** It refused or could not be reached; requests go elsewhere until a probe connects again. */
  down: boolean;
}

/**
 * The instances of one service, taken in turn. An instance that failed to connect is passed over until a background
 * probe reaches it again, so live requests (whose bodies cannot be replayed) are not spent finding out it is back.
 */
export class UpstreamPool {
  readonly members: Upstream[];
  private turn = 0;
  private readonly probes = new Map<Upstream, NodeJS.Timeout>();

  constructor(
    readonly service: ServiceName,
    urls: string[],
    private readonly probeIntervalMs = PROBE_INTERVAL_MS,
  ) {
    this.members = urls.map((url) => {
      const parsed = new URL(url);
      return { service, url, host: parsed.hostname, port: Number(parsed.port || 80), down: false };
    });
  }

  /** The next instance that is up and not in `tried`; one that is down only when nothing else is left. */
  pick(tried: ReadonlySet<Upstream> = new Set()): Upstream | undefined {
    const n = this.members.length;
    let lastResort: Upstream | undefined;
    for (let i = 0; i < n; i++) {
      const member = this.members[(this.turn + i) % n];
      if (tried.has(member)) continue;
      if (!member.down) {
        this.turn = (this.turn + i + 1) % n;
        return member;
      }
      lastResort ??= member;
    }
    return lastResort;
  }

  markDown(member: Upstream) {
    if (member.down) return;
    member.down = true;
    const timer = setInterval(() => this.probe(member), this.probeIntervalMs);
    timer.unref();
    this.probes.set(member, timer);
  }

  markUp(member: Upstream) {
    member.down = false;
    clearInterval(this.probes.get(member));
    this.probes.delete(member);
  }

  close() {
    for (const timer of this.probes.values()) clearInterval(timer);
    this.probes.clear();
  }

  private probe(member: Upstream) {
    const socket = net.connect({ host: member.host, port: member.port });
    socket.setTimeout(this.probeIntervalMs);
    socket.once('connect', () => {
      socket.destroy();
      this.markUp(member);
    });
    socket.once('timeout', () => socket.destroy());
    socket.once('error', () => socket.destroy());
  }
}
