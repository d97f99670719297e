import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { API_ERRORS } from '@logbook/contracts/messages';

const { freePort, startProcess } = require('../../scripts/stack.cjs') as typeof import('../../scripts/stack.cjs');

const MB = 1024 * 1024;
const LIMIT = 2 * MB;

/** Stands in for every service: counts the body bytes of each API call and whether the whole body arrived. */
interface Arrival {
  url: string;
  bytes: number;
  complete: boolean;
  headers: http.IncomingHttpHeaders;
}
const arrivals: Arrival[] = [];
const upstream = http.createServer((req, res) => {
  if (req.url === '/ready') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}');
    return;
  }
  const arrival: Arrival = { url: req.url!, bytes: 0, complete: false, headers: req.headers };
  arrivals.push(arrival);
  req.on('data', (chunk: Buffer) => (arrival.bytes += chunk.length));
  req.on('end', () => {
    arrival.complete = true;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received: arrival.bytes }));
  });
});

let gateway: ReturnType<typeof startProcess>;
let base: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const service = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The real gateway as its own process, so its memory can be read from /proc.
  gateway = startProcess(
    'gateway',
    path.join('gateway', 'src', 'server.ts'),
    {
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      AUTH_SERVICE_URL: service,
      STUDENTS_SERVICE_URL: service,
      BILLING_SERVICE_URL: service,
      LOGBOOK_SERVICE_URL: service,
      MAX_BODY_BYTES: String(LIMIT),
    },
    { quiet: true },
  );
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 400 || gateway.exitCode !== null) throw new Error(`gateway did not start:\n${gateway.tail.join('\n')}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}, 90_000);

afterAll(async () => {
  if (gateway && gateway.exitCode === null) {
    await new Promise((resolve) => {
      gateway.once('exit', resolve);
      gateway.kill('SIGTERM');
    });
  }
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const kB = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

/** Runs `attack` and answers how far the gateway's resident memory rose above where it stood, at its peak, in MB. */
async function peakGrowthMb<T>(attack: () => Promise<T>): Promise<{ result: T; growthMb: number; beforeMb: number }> {
  const pid = gateway.pid!;
  // Resets the kernel's record of the process's peak resident set, so VmHWM is the peak during the attack.
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = kB(pid, 'VmRSS');
  const result = await attack();
  const peak = kB(pid, 'VmHWM');
  return { result, growthMb: (peak - before) / 1024, beforeMb: before / 1024 };
}

interface Answer {
  status: number;
  body: string;
  /** The answer's headers, names in lower case. */
  headers: Record<string, string>;
  /** Body bytes the client managed to hand over before it stopped or the connection was closed. */
  sent: number;
  gotContinue: boolean;
  /** From the request's first byte until the connection was closed, in milliseconds. */
  ms: number;
}

/** An HTTP client that sends `total` bytes to `path` in 64 KB pieces, chunked unless a length is declared. */
function post(
  pathname: string,
  total: number,
  opts: { headers?: Record<string, string>; declareLength?: boolean; waitForContinue?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
    if (opts.declareLength) headers['content-length'] = String(total);
    const req = http.request(`${base}${pathname}`, { method: 'POST', headers, agent: false });
    const piece = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    let gotContinue = false;
    let answer: { status: number; body: string; headers: Record<string, string> } | undefined;
    let stopped = false;
    const started = Date.now();
    const settle = () => {
      if (answer && stopped) {
        req.destroy();
        resolve({ ...answer, sent, gotContinue, ms: Date.now() - started });
      }
    };
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        answer = { status: res.statusCode!, body, headers: res.headers as Record<string, string> };
        // A client waiting for "100 Continue" that got a final answer instead never sends the body.
        if (opts.waitForContinue && !gotContinue) stopped = true;
        settle();
      });
      res.on('error', () => undefined);
    });
    req.on('error', (err) => {
      stopped = true;
      if (answer) settle();
      else reject(err);
    });
    req.on('close', () => {
      stopped = true;
      settle();
    });
    const pump = () => {
      while (sent < total && !req.destroyed) {
        const n = Math.min(piece.length, total - sent);
        sent += n;
        if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!req.destroyed) req.end(() => ((stopped = true), settle()));
    };
    if (opts.waitForContinue) {
      req.on('continue', () => {
        gotContinue = true;
        pump();
      });
      req.flushHeaders();
    } else {
      pump();
    }
  });
}

/**
 * An attacker's client on a bare socket: sends `total` bytes chunked to `path` as fast as the gateway takes them,
 * whatever it answers, until everything is out or the connection is closed; then reports the answer.
 */
function chunkedAttack(pathname: string, total: number, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1');
    const piece = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 'a'), Buffer.from('\r\n')]);
    let sent = 0;
    let received = '';
    let started = 0;
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (received += d));
    const done = () => {
      const ms = Date.now() - started;
      socket.destroy();
      const match = /^HTTP\/1\.1 (\d{3})[^]*?\r\n([^]*?)\r\n\r\n([^]*)$/.exec(received);
      if (!match) return reject(new Error(`no answer after ${sent} bytes: ${JSON.stringify(received)}`));
      const answerHeaders = Object.fromEntries(
        match[2].split('\r\n').map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({ status: Number(match[1]), headers: answerHeaders, body: match[3], sent, gotContinue: false, ms });
    };
    socket.once('close', done);
    socket.on('error', () => undefined);
    const pump = () => {
      while (sent < total && !socket.destroyed) {
        sent += 0x10000;
        if (!socket.write(piece)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!socket.destroyed) socket.end('0\r\n\r\n');
    };
    socket.once('connect', () => {
      started = Date.now();
      const head = { 'Content-Type': 'application/json', ...headers };
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          Object.entries(head)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('') +
          'Transfer-Encoding: chunked\r\n\r\n',
      );
      pump();
    });
  });
}

const arrivalsSince = (n: number) => arrivals.slice(n).filter((a) => a.url === '/api/login');

/** What a client sees of the gateway's own refusals: each of them, before the body is read. */
const REFUSALS: Array<[string, string, Record<string, string>, number, string]> = [
  ['an unknown API path', '/api/no-such-route', {}, 404, JSON.stringify({ message: API_ERRORS.notFound })],
  [
    'a write from another origin',
    '/api/login',
    { Origin: 'https://evil.example' },
    403,
    JSON.stringify({ message: API_ERRORS.crossOrigin }),
  ],
  [
    'a body that is not JSON',
    '/api/login',
    { 'Content-Type': 'text/plain' },
    415,
    JSON.stringify({ message: API_ERRORS.bodyNotJson }),
  ],
  [
    'a JSON body in another charset',
    '/api/login',
    { 'Content-Type': 'application/json; charset=utf-7' },
    415,
    JSON.stringify({ message: API_ERRORS.unsupportedBody }),
  ],
  ['a page outside the API', '/no-such-page', {}, 404, 'Not found'],
];

describe('request bodies at the gateway, however they are framed', () => {
  it('lets chunked and declared-length bodies under the limit through whole', async () => {
    const n = arrivals.length;
    const chunked = await post('/api/login', 300 * 1024);
    const declared = await post('/api/login', LIMIT - 1024, { declareLength: true });
    expect([chunked.status, declared.status]).toEqual([200, 200]);
    expect(JSON.parse(chunked.body)).toEqual({ received: 300 * 1024 });
    expect(JSON.parse(declared.body)).toEqual({ received: LIMIT - 1024 });
    expect(arrivalsSince(n).map((a) => [a.bytes, a.complete])).toEqual([
      [300 * 1024, true],
      [LIMIT - 1024, true],
    ]);
  });

  it('refuses chunked bodies of 3 MB and 100 MB with 413 without holding them', async () => {
    // Warm the paths up so the figures are about the bodies, not about code loaded for the first time.
    await chunkedAttack('/api/login', 3 * MB);
    await post('/api/login', 1024);
    for (const size of [3 * MB, 100 * MB]) {
      const n = arrivals.length;
      const { result, growthMb, beforeMb } = await peakGrowthMb(() => chunkedAttack('/api/login', size));
      console.log(
        `chunked ${size / MB} MB body: ${result.status}, client handed over ${(result.sent / MB).toFixed(1)} MB; ` +
          `gateway RSS ${beforeMb.toFixed(1)} MB before, peak +${growthMb.toFixed(1)} MB`,
      );
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toEqual({ message: API_ERRORS.bodyTooLarge });
      expect(growthMb).toBeLessThan(10);
      // The service got at most the limit, streamed, and never a complete over-long body.
      const seen = arrivalsSince(n);
      expect(seen.every((a) => a.bytes <= LIMIT && !a.complete)).toBe(true);
    }
    // The gateway is still answering.
    expect((await post('/api/login', 10)).status).toBe(200);
  }, 60_000);

  it('still refuses a body declared too large by its Content-Length', async () => {
    const n = arrivals.length;
    const res = await post('/api/login', 3 * MB, { declareLength: true });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: API_ERRORS.bodyTooLarge });
    expect(arrivalsSince(n)).toHaveLength(0);
  });
});

describe('Expect: 100-continue', () => {
  it('answers "100 Continue", then passes the body on and the service answers', async () => {
    const n = arrivals.length;
    const res = await post('/api/login', 2048, {
      declareLength: true,
      waitForContinue: true,
      headers: { expect: '100-continue' },
    });
    expect(res.gotContinue).toBe(true);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ received: 2048 });
    expect(arrivalsSince(n)[0].headers.expect).toBeUndefined();
  });

  it.each(REFUSALS.filter(([, pathname]) => pathname.startsWith('/api/')))(
    'answers %s with its refusal and Connection: close, never "100 Continue"',
    async (_what, pathname, headers, status, body) => {
      const n = arrivals.length;
      const res = await post(pathname, 2048, {
        declareLength: true,
        waitForContinue: true,
        headers: {
          expect: '100-continue',
          ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
        },
      });
      expect(res.gotContinue).toBe(false);
      expect(res.sent).toBe(0);
      expect(res.status).toBe(status);
      expect(res.body).toBe(body);
      expect(res.headers.connection).toBe('close');
      expect(arrivals.slice(n)).toHaveLength(0);
    },
  );

  it('refuses a declared length over the limit with 413 before the body is sent', async () => {
    const n = arrivals.length;
    const res = await post('/api/login', 3 * MB, {
      declareLength: true,
      waitForContinue: true,
      headers: { expect: '100-continue' },
    });
    expect(res.gotContinue).toBe(false);
    expect(res.sent).toBe(0);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: API_ERRORS.bodyTooLarge });
    expect(arrivalsSince(n)).toHaveLength(0);
  });
});

describe('answers the gateway gives before it reads the body', () => {
  it.each(REFUSALS)(
    'refuses a chunked 100 MB body to %s and ends the connection instead of reading on',
    async (_what, pathname, headers, status, body) => {
      const n = arrivals.length;
      const res = await chunkedAttack(pathname, 100 * MB, headers);
      console.log(
        `chunked 100 MB body to ${pathname}: ${res.status}, client handed over ${(res.sent / MB).toFixed(1)} MB, ` +
          `connection closed after ${res.ms} ms`,
      );
      expect(res.status).toBe(status);
      expect(res.body).toBe(body);
      expect(res.headers.connection).toBe('close');
      // The gateway stopped taking the body: what the client got out is what fits in the connection's buffers.
      expect(res.sent).toBeLessThan(20 * MB);
      expect(res.ms).toBeLessThan(5000);
      expect(arrivals.slice(n)).toHaveLength(0);
    },
    30_000,
  );
});
