import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { closeGatewayApp, createGatewayApp } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { closeFrontEndUpstreams } from '../src/frontEndUpstreams';
import { closedPortUrl, tempTree, testConfig } from './support';

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** A front end's static-file server: answers every GET with the path it was asked for, and its version.json. */
async function startStatic(name: string) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url!, headers: req.headers });
    if (req.url === '/version.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name, version: '2.3.4', commit: 'abc', builtAt: '2026-11-24T00:00:00Z', shared: {} }));
      return;
    }
    if (req.url!.startsWith('/missing')) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('not here');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-cache', etag: '"e1"', 'x-internal': '1' });
    res.end(`${name}:${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve()) && server.closeAllConnections()),
  };
}

let shell: Awaited<ReturnType<typeof startStatic>>;
let parent: Awaited<ReturnType<typeof startStatic>>;
let app: ReturnType<typeof createGatewayApp>;
let down: string;
const local = tempTree({
  'mf-student/dist/remoteEntry.js': 'student entry',
  'mf-student/dist/version.json': JSON.stringify({ name: 'mf-student', version: '1.0.0', commit: 'c0', shared: {} }),
});

beforeAll(async () => {
  shell = await startStatic('shell');
  parent = await startStatic('mf-parent');
  down = await closedPortUrl();
  app = createGatewayApp(
    testConfig({
      mfDistRoot: local,
      frontEndUrls: { shell: shell.url, 'mf-parent': parent.url, 'mf-sessions': down },
    }),
  );
});
afterAll(async () => {
  closeGatewayApp(app);
  closeFrontEndUpstreams();
  await shell.stop();
  await parent.stop();
});

describe('front ends with servers of their own', () => {
  it("routes /mf/<name>/ to the remote's server, its prefix taken off, and passes back its cache headers", async () => {
    const res = await request(app).get('/mf/parent/assets/Dashboard-abcdefgh.js?v=1').set('Cookie', 'token=secret');
    expect(res.status).toBe(200);
    expect(res.text).toBe('mf-parent:/assets/Dashboard-abcdefgh.js?v=1');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBe('"e1"');
    expect(res.headers['x-internal']).toBeUndefined();
    // The gateway's own security headers stand; the caller's cookies stay at the gateway.
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(parent.seen.at(-1)!.headers.cookie).toBeUndefined();
  });

  it("routes every other page to the shell's server, and passes on its 404", async () => {
    const page = await request(app).get('/students/3/sessions').set('Accept', 'text/html');
    expect(page.text).toBe('shell:/students/3/sessions');
    expect((await request(app).get('/missing.js')).status).toBe(404);
    expect((await request(app).get('/mf/parent/missing/x.js')).status).toBe(404);
  });

  it('serves a front end without a server of its own from its local build', async () => {
    const res = await request(app).get('/mf/student/remoteEntry.js');
    expect(res.status).toBe(200);
    expect(res.text).toBe('student entry');
  });

  it('answers 503 for a front end whose server cannot be reached, and 405 for a write', async () => {
    const res = await request(app).get('/mf/sessions/remoteEntry.js');
    expect(res.status).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('mf-sessions front end could not be reached');
    const write = await request(app).post('/mf/parent/remoteEntry.js').send('x');
    expect(write.status).toBe(405);
    expect((await request(app).get('/api/health')).status).toBe(200);
  });
});

describe('GET /api/versions', () => {
  it('lists the nine pieces with their versions and marks the ones that cannot be reached', async () => {
    const res = await request(app).get('/api/versions');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const byName = Object.fromEntries(
      (res.body.pieces as Array<{ name: string }>).map((p) => [p.name, p as Record<string, unknown>]),
    );
    expect(Object.keys(byName).sort()).toEqual(
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
    expect(byName.gateway).toMatchObject({ status: 'running', kind: 'gateway', version: '1.0.0' });
    expect(byName['mf-parent']).toMatchObject({ status: 'running', version: '2.3.4', commit: 'abc' });
    expect(byName['mf-student']).toMatchObject({ status: 'running', version: '1.0.0', commit: 'c0' });
    expect(byName['mf-sessions']).toMatchObject({ status: 'unreachable', kind: 'front-end' });
    // The test configuration's services listen nowhere.
    for (const s of ['svc-auth', 'svc-students', 'svc-billing', 'svc-logbook']) {
      expect(byName[s]).toMatchObject({ status: 'unreachable', kind: 'service' });
    }
  });
});

describe('configuration', () => {
  it('takes SHELL_URL and MF_*_URL as http:// upstreams, and none when unset', () => {
    const config = loadGatewayConfig({ SHELL_URL: 'http://shell:8080/', MF_PARENT_URL: ' ' } as NodeJS.ProcessEnv);
    expect(config.frontEndUrls).toEqual({ shell: 'http://shell:8080' });
    expect(loadGatewayConfig({} as NodeJS.ProcessEnv).frontEndUrls).toEqual({});
    expect(() => loadGatewayConfig({ MF_SESSIONS_URL: 'ftp://x' } as NodeJS.ProcessEnv)).toThrow(/http:\/\//);
  });
});
