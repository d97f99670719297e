import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { API_ERRORS } from '@logbook/contracts/messages';
import { GATEWAY_SECRET_HEADER } from '@logbook/service-kit/config';
import { closeGatewayApp, createGatewayApp } from '../src/app';
import type { GatewayConfig } from '../src/config';
import { SERVICES, type ServiceName } from '../src/routes';
import { VERSIONS_CACHE_MS } from '../src/versions';
import { closedPortUrl, tempTree, testConfig } from './support';

/** A stand-in for one service or front-end server: answers its release at `path`, counting the times it is asked. */
async function startRelease(name: string, releasePath: string) {
  const server = http.createServer((req, res) => {
    if (req.url === releasePath) {
      release.asked++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          name,
          version: release.version,
          commit: 'f00d',
          builtAt: '2026-11-24T00:00:00Z',
          shared: { '@logbook/contracts': { version: '1.0.0' } },
        }),
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const release = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked: 0,
    version: '3.1.4',
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return release;
}

type Release = Awaited<ReturnType<typeof startRelease>>;

const SECRET = crypto.randomBytes(32).toString('hex');
const services = {} as Record<ServiceName, Release>;
let shell: Release;
let down: string;
/** mf-parent's local build; mf-student has none (unreachable), mf-sessions a server that is down. */
const localBuilds = tempTree({
  'mf-parent/dist/version.json': JSON.stringify({ name: 'mf-parent', version: '2.0.0', commit: 'c0', shared: {} }),
});
const apps: Express[] = [];

/** A gateway in front of the stand-ins, holding the internal secret; each test gets its own (own cache, own limits). */
function gateway(overrides: Partial<GatewayConfig> = {}): Express {
  const app = createGatewayApp(
    testConfig({
      internalSecret: SECRET,
      upstreams: Object.fromEntries(SERVICES.map((s) => [s, [services[s].url]])) as GatewayConfig['upstreams'],
      mfDistRoot: localBuilds,
      frontEndUrls: { shell: shell.url, 'mf-sessions': down },
      ...overrides,
    }),
  );
  apps.push(app);
  return app;
}

const upstreamCalls = () => SERVICES.reduce((sum, s) => sum + services[s].asked, 0);
const forgetCalls = () => {
  for (const s of SERVICES) services[s].asked = 0;
  shell.asked = 0;
};

beforeAll(async () => {
  for (const s of SERVICES) services[s] = await startRelease(`svc-${s}`, '/health');
  shell = await startRelease('shell', '/version.json');
  down = await closedPortUrl();
});
beforeEach(forgetCalls);
afterAll(async () => {
  for (const app of apps) closeGatewayApp(app);
  await Promise.all([...SERVICES.map((s) => services[s].stop()), shell.stop()]);
});

describe('GET /api/versions', () => {
  it("tells a caller without the internal secret each piece's name, kind, status and release, and no address or path", async () => {
    const app = gateway();
    for (const secret of [undefined, 'not-the-secret', `${SECRET}x`]) {
      const call = request(app).get('/api/versions');
      const res = await (secret === undefined ? call : call.set(GATEWAY_SECRET_HEADER, secret));
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const pieces = res.body.pieces as Array<Record<string, unknown>>;
      expect(pieces.map((p) => p.name).sort()).toEqual(
        [
          'gateway',
          'svc-auth',
          'svc-students',
          'svc-billing',
          'svc-logbook',
          'shell',
          'mf-parent',
          'mf-student',
          'mf-sessions',
        ].sort(),
      );
      for (const piece of pieces) {
        for (const key of Object.keys(piece)) {
          expect(['name', 'kind', 'status', 'version', 'commit', 'builtAt']).toContain(key);
        }
      }
      const byName = Object.fromEntries(pieces.map((p) => [p.name, p]));
      expect(byName['svc-auth']).toEqual({
        name: 'svc-auth',
        kind: 'service',
        status: 'running',
        version: '3.1.4',
        commit: 'f00d',
        builtAt: '2026-11-24T00:00:00Z',
      });
      expect(byName.shell).toMatchObject({ status: 'running', version: '3.1.4' });
      expect(byName['mf-parent']).toMatchObject({ status: 'running', version: '2.0.0', commit: 'c0' });
      expect(byName['mf-student']).toEqual({ name: 'mf-student', kind: 'front-end', status: 'unreachable' });
      expect(byName['mf-sessions']).toEqual({ name: 'mf-sessions', kind: 'front-end', status: 'unreachable' });
      // No address, port, URL or file path anywhere, nor the libraries a piece was built with.
      expect(res.text).not.toMatch(/127\.0\.0\.1|http:|\/|\\|source|shared|@logbook/);
      expect(res.text).not.toContain(localBuilds);
    }
  });

  it('gives the whole answer, with where each piece was asked and its shared packages, to the internal secret', async () => {
    const res = await request(gateway()).get('/api/versions').set(GATEWAY_SECRET_HEADER, SECRET);
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(
      (res.body.pieces as Array<Record<string, unknown>>).map((p) => [p.name as string, p]),
    );
    expect(byName['svc-auth']).toMatchObject({
      status: 'running',
      version: '3.1.4',
      source: services.auth.url,
      shared: { '@logbook/contracts': { version: '1.0.0' } },
    });
    expect(Object.keys(byName.gateway.shared as object)).toContain('@logbook/contracts');
    expect(byName.shell).toMatchObject({ source: `${shell.url}/version.json` });
    expect(byName['mf-parent']).toMatchObject({ source: expect.stringContaining(localBuilds) });
    expect(byName['mf-sessions']).toMatchObject({ status: 'unreachable', source: `${down}/version.json` });
  });

  it('asks each service once per cache period, however many calls come, secret or not', async () => {
    const app = gateway();
    const calls = Array.from({ length: 30 }, (_, i) => {
      const call = request(app).get('/api/versions');
      return i % 3 === 0 ? call.set(GATEWAY_SECRET_HEADER, SECRET) : call;
    });
    const answers = await Promise.all(calls);
    for (let i = 0; i < 10; i++) answers.push(await request(app).get('/api/versions'));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(upstreamCalls()).toBe(4);
    for (const s of SERVICES) expect(services[s].asked).toBe(1);
    expect(shell.asked).toBe(1);
  });

  it('asks again once the cache period is over, and then tells what has changed', async () => {
    const app = gateway();
    const logbook = async () =>
      ((await request(app).get('/api/versions')).body.pieces as Array<{ name: string; version?: string }>).find(
        (p) => p.name === 'svc-logbook',
      );
    // The clock moved on by hand: the period is the gateway's own, and no test waits it out.
    const realNow = Date.now.bind(Date);
    let later = 0;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + later);
    try {
      expect(await logbook()).toMatchObject({ version: '3.1.4' });
      services.logbook.version = '3.2.0';
      later = VERSIONS_CACHE_MS - 1000;
      expect(await logbook()).toMatchObject({ version: '3.1.4' });
      expect(upstreamCalls()).toBe(4);
      later = VERSIONS_CACHE_MS;
      expect(await logbook()).toMatchObject({ status: 'running', version: '3.2.0' });
      expect(upstreamCalls()).toBe(8);
      expect(shell.asked).toBe(2);
    } finally {
      clock.mockRestore();
      services.logbook.version = '3.1.4';
    }
  });

  it('answers 429 with Retry-After past 60 calls a minute from one address, and other addresses still get answers', async () => {
    const app = gateway({ trustProxy: 'loopback' });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const from = (address: string) => request(server).get('/api/versions').set('X-Forwarded-For', address);
      for (let i = 0; i < 60; i++) expect((await from('203.0.113.7')).status).toBe(200);
      const refused = await from('203.0.113.7');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.body).toEqual({ message: API_ERRORS.tooManyAttempts });
      // The secret does not lift the limit; another address has an allowance of its own.
      expect((await from('203.0.113.7').set(GATEWAY_SECRET_HEADER, SECRET)).status).toBe(429);
      expect((await from('198.51.100.20')).status).toBe(200);
      expect(upstreamCalls()).toBe(4);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
