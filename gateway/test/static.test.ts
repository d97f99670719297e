import fs from 'node:fs';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { closeGatewayApp, createGatewayApp } from '../src/app';
import { cacheControlFor } from '../src/static';
import { tempTree, testConfig } from './support';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX =
  '<!doctype html><html><head><title>Learner Logbook</title></head><body><div id="root"></div></body></html>';
const BIG_SCRIPT = `console.log(${JSON.stringify('learner '.repeat(2000))});`;

let root: string;
let app: Express;

beforeAll(() => {
  root = tempTree({
    'shell/dist/index.html': INDEX,
    'shell/dist/sw.js': 'self.addEventListener("fetch", () => {});',
    'shell/dist/manifest.webmanifest': '{"name":"Learner Logbook"}',
    'shell/dist/assets/index-AbCd12_-.js': BIG_SCRIPT,
    'shell/dist/assets/index-Zz9Yy8Xx.css': 'body{margin:0}',
    'shell/dist/icons/icon-192.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    'mf-parent/dist/remoteEntry.js': 'export const get = () => {};',
    'mf-parent/dist/assets/Dashboard-alOj0D9m.js': 'export default 1;',
    'mf-sessions/dist/remoteEntry.js': 'export const get = () => {};',
  });
  app = createGatewayApp(testConfig({ shellDist: path.join(root, 'shell', 'dist'), mfDistRoot: root }));
});
afterAll(() => {
  closeGatewayApp(app);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the shell', () => {
  it.each([
    '/',
    '/login',
    '/register',
    '/dashboard',
    '/students/new',
    '/students/12/sessions',
    '/student-new-session/4',
    '/no-such-page',
  ])('answers the page %s with index.html, revalidated every time', async (page) => {
    const res = await request(app).get(page).set('accept', 'text/html,application/xhtml+xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(INDEX);
  });

  it('serves hashed assets as immutable and the service worker and manifest as no-cache', async () => {
    const js = await request(app).get('/assets/index-AbCd12_-.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe(IMMUTABLE);
    expect((await request(app).get('/assets/index-Zz9Yy8Xx.css')).headers['cache-control']).toBe(IMMUTABLE);
    const sw = await request(app).get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await request(app).get('/manifest.webmanifest');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/manifest\+json/);
    expect((await request(app).get('/icons/icon-192.png')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses text it serves', async () => {
    const res = await request(app).get('/assets/index-AbCd12_-.js').set('accept-encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe(BIG_SCRIPT);
  });

  it('answers 404, not the page, for missing files and non-HTML requests', async () => {
    expect((await request(app).get('/assets/missing-12345678.js')).status).toBe(404);
    expect((await request(app).get('/favicon.ico').set('accept', 'text/html')).status).toBe(404);
    expect((await request(app).get('/dashboard').set('accept', 'application/json')).status).toBe(404);
    expect((await request(app).post('/dashboard').set('accept', 'text/html')).status).toBe(404);
  });

  it('never serves files from outside the build', async () => {
    for (const p of [
      '/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/mf/parent/..%2f..%2fshell/dist/index.html',
    ]) {
      const res = await request(app).get(p);
      expect(res.status).not.toBe(200);
    }
  });

  it('does not answer API paths with the page', async () => {
    const res = await request(app).get('/api/unknown').set('accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
  });
});

describe('the remotes', () => {
  it('serves each built remote under /mf/<name>/ with remoteEntry.js never cached', async () => {
    const entry = await request(app).get('/mf/parent/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await request(app).get('/mf/parent/assets/Dashboard-alOj0D9m.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect((await request(app).get('/mf/sessions/remoteEntry.js')).status).toBe(200);
  });

  it('answers 503 with a clear page for a remote that is not built', async () => {
    const res = await request(app).get('/mf/student/remoteEntry.js');
    expect(res.status).toBe(503);
    expect(res.text).toContain('mf-student');
    expect(res.text).toContain('npm run build');
  });

  it('answers 404 for unknown remotes and missing files, never the shell page', async () => {
    const unknown = await request(app).get('/mf/admin/remoteEntry.js').set('accept', 'text/html');
    expect(unknown.status).toBe(404);
    expect((await request(app).get('/mf/parent/nothing.js')).status).toBe(404);
  });
});

describe('without a build', () => {
  it('answers 503 with a clear page instead of crashing', async () => {
    const bare = createGatewayApp(testConfig());
    const res = await request(bare).get('/dashboard').set('accept', 'text/html');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('not built yet');
    expect((await request(bare).get('/mf/parent/remoteEntry.js')).status).toBe(503);
    closeGatewayApp(bare);
  });
});

describe('cache rules', () => {
  it('marks only hashed files under assets/ as immutable', () => {
    expect(cacheControlFor(path.join('dist', 'assets', 'index-BkB3x9aQ.js'))).toBe(IMMUTABLE);
    expect(cacheControlFor(path.join('dist', 'assets', 'vite-preload-helper-DgAM5ks-.js'))).toBe(IMMUTABLE);
    expect(cacheControlFor(path.join('dist', 'assets', 'logo.svg'))).toBe('no-cache');
    expect(cacheControlFor(path.join('dist', 'index.html'))).toBe('no-cache');
    expect(cacheControlFor(path.join('dist', 'remoteEntry.js'))).toBe('no-cache');
    expect(cacheControlFor(path.join('dist', 'sw.js'))).toBe('no-cache');
    expect(cacheControlFor(path.join('dist', 'workbox-1a2b3c4d.js'))).toBe('no-cache');
  });
});
