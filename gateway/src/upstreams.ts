import type { ServiceName } from './routes';

/** How long an instance that refused a connection is passed over while another one is available. */
export const PASS_OVER_MS = 2000;

export interface Upstream {
  service: ServiceName;
  url: string;
  /** Until when this instance is passed over (it just refused or could not be reached). */
  downUntil: number;
}

/** The instances of one service: taken in turn, passing over one that just failed to connect. */
export class UpstreamPool {
  readonly members: Upstream[];
  private turn = 0;

  constructor(
    readonly service: ServiceName,
    urls: string[],
  ) {
    this.members = urls.map((url) => ({ service, url, downUntil: 0 }));
  }

  /** The next instance to try, never one in `tried`; an instance marked down only when no other is left. */
  pick(tried: ReadonlySet<Upstream> = new Set()): Upstream | undefined {
    const now = Date.now();
    const n = this.members.length;
    let fallback: Upstream | undefined;
    for (let i = 0; i < n; i++) {
      const member = this.members[(this.turn + i) % n];
      if (tried.has(member)) continue;
      if (member.downUntil <= now) {
        this.turn = (this.turn + i + 1) % n;
        return member;
      }
      if (!fallback || member.downUntil < fallback.downUntil) fallback = member;
    }
    return fallback;
  }

  markDown(member: Upstream) {
    member.downUntil = Date.now() + PASS_OVER_MS;
  }

  markUp(member: Upstream) {
    member.downUntil = 0;
  }
}
