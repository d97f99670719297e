import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { GatewayConfig } from '../src/config';

export interface Echo {
  name: string;
  url: string;
  port: number;
  /** Every request this upstream saw. */
  seen: Array<{ method: string; url: string; body: Buffer; headers: http.IncomingHttpHeaders }>;
  /** How many times GET /ready was asked. */
  readyAsked: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface EchoOptions {
  /** Wait this long before answering API calls. */
  delayMs?: number;
  /** Status of GET /ready. */
  readyStatus?: number;
  /** Reset every API connection instead of answering. */
  reset?: boolean;
  port?: number;
}

/**
 * A stand-in for one service: answers every /api call with what it received, as
 * `{ service, method, path, body, headers }`, the body as the exact text that arrived.
 */
export async function startEcho(name: string, opts: EchoOptions = {}): Promise<Echo> {
  const seen: Echo['seen'] = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/ready') {
      echo.readyAsked += 1;
      const status = opts.readyStatus ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: status === 200 ? 'ready' : 'unavailable' }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method!, url: req.url!, body, headers: req.headers });
      if (opts.reset) {
        req.socket.destroy();
        return;
      }
      const answer = () => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'set-cookie': `seen_by=${name}; Path=/; HttpOnly`,
        });
        res.end(
          JSON.stringify({
            service: name,
            method: req.method,
            path: req.url,
            body: body.toString('utf8'),
            headers: req.headers,
          }),
        );
      };
      if (opts.delayMs) setTimeout(answer, opts.delayMs);
      else answer();
    });
  });
  const echo: Echo = {
    name,
    url: '',
    port: 0,
    seen,
    readyAsked: 0,
    start: () =>
      new Promise<void>((resolve) =>
        server.listen(echo.port || opts.port || 0, '127.0.0.1', () => {
          echo.port = (server.address() as AddressInfo).port;
          echo.url = `http://127.0.0.1:${echo.port}`;
          resolve();
        }),
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  await echo.start();
  return echo;
}

/** A server that accepts connections and never answers. */
export async function startSilent(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A port that nothing listens on (it was free a moment ago). */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export function testConfig(overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  return {
    port: 0,
    upstreams: {
      auth: ['http://127.0.0.1:1'],
      students: ['http://127.0.0.1:1'],
      billing: ['http://127.0.0.1:1'],
      logbook: ['http://127.0.0.1:1'],
    },
    upstreamTimeoutMs: 5000,
    billingTimeoutMs: 50_000,
    healthTimeoutMs: 1000,
    maxBodyBytes: 2 * 1024 * 1024,
    geocodeOrigin: 'https://api.bigdatacloud.net',
    trustProxy: false,
    shellDist: path.join(os.tmpdir(), 'no-such-shell-dist'),
    mfDistRoot: path.join(os.tmpdir(), 'no-such-mf-root'),
    frontEndUrls: {},
    ...overrides,
  };
}

/** Writes files (path → content) under a fresh temporary directory and returns it. */
export function tempTree(files: Record<string, string | Buffer>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-test-'));
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return root;
}
