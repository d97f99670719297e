import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { described } from '@logbook/service-kit/described';
import { registeredModels, setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createAuthApp } from 'svc-auth/app';
import { closeGatewayApp, createGatewayApp } from '../src/app';
import { closedPortUrl, startEcho, startSilent, testConfig, type Echo } from './support';

// The real auth service behind the gateway for the service's answers; stand-ins that fail for the gateway's own.
let authServer: http.Server;
let authUrl: string;
const apps: Express[] = [];
const stops: Array<() => Promise<void>> = [];
const gateway = (overrides: Parameters<typeof testConfig>[0] = {}) => {
  const app = createGatewayApp(
    testConfig({ ...overrides, upstreams: { ...testConfig().upstreams, auth: [authUrl], ...overrides.upstreams } }),
  );
  apps.push(app);
  return app;
};

beforeAll(async () => {
  await setupTestDatabase(registeredModels());
  authServer = http.createServer(createAuthApp());
  await new Promise<void>((resolve) => authServer.listen(0, '127.0.0.1', resolve));
  authUrl = `http://127.0.0.1:${(authServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const app of apps) closeGatewayApp(app);
  await Promise.all(stops.map((stop) => stop()));
  authServer.closeAllConnections();
  await new Promise((resolve) => authServer.close(resolve));
  await teardownTestDatabase();
});

const ORIGIN = { host: 'logbook.test', origin: 'http://logbook.test' };

// Every exchange below goes through `described`: a status, header, field or request body that docs/openapi.json does
// not give fails the test.
describe('the gateway answers as docs/openapi.json describes', () => {
  it('its own routes: health, versions and this description', async () => {
    const app = gateway();
    expect(described(await request(app).get('/api/health')).status).toBe(200);
    expect(described(await request(app).get('/api/versions')).status).toBe(200);
    expect(described(await request(app).get('/api/openapi.json')).status).toBe(200);
    expect(described(await request(app).get('/api/docs')).status).toBe(200);
    expect(described(await request(app).get('/api/docs/redoc.standalone.js')).status).toBe(200);
  });

  it('a service behind it: signing up, in and out', async () => {
    const app = gateway();
    const email = `described.${Date.now()}@example.com`;
    const password = 'a-long-pass-phrase-1';
    expect(described(await request(app).post('/api/register').set(ORIGIN).send({ email, password })).status).toBe(201);
    const login = described(await request(app).post('/api/login').set(ORIGIN).send({ email, password }));
    expect(login.status).toBe(200);
    const cookie = (login.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith(PARENT_COOKIE))!
      .split(';')[0];
    expect(described(await request(app).get('/api/user').set('cookie', cookie)).status).toBe(200);
    expect(described(await request(app).post('/api/logout').set(ORIGIN).set('cookie', cookie)).status).toBe(200);
    expect(described(await request(app).get('/api/user').set('cookie', cookie)).status).toBe(401);
  });

  it('what it refuses itself: another site, too large a body', async () => {
    const app = gateway({ maxBodyBytes: 1000 });
    const crossOrigin = described(
      await request(app)
        .post('/api/login')
        .set('host', 'logbook.test')
        .set('origin', 'https://elsewhere.example')
        .send({ email: 'a@example.com', password: 'a-long-pass-phrase-1' }),
    );
    expect(crossOrigin.status).toBe(403);
    const tooLarge = described(
      await request(app)
        .post('/api/register')
        .set('content-type', 'application/json')
        .send(JSON.stringify({ email: 'x'.repeat(2000) })),
    );
    expect(tooLarge.status).toBe(413);
  });

  it('a service that is down, broken or slow: 503, 502, 504', async () => {
    const down = gateway({ upstreams: { ...testConfig().upstreams, students: [await closedPortUrl()] } });
    expect(described(await request(down).get('/api/students')).status).toBe(503);
    const broken: Echo = await startEcho('broken', { reset: true });
    stops.push(broken.stop);
    const dropped = gateway({ upstreams: { ...testConfig().upstreams, students: [broken.url] } });
    expect(described(await request(dropped).get('/api/students')).status).toBe(502);
    const silent = await startSilent();
    stops.push(silent.stop);
    const slow = gateway({ upstreamTimeoutMs: 200, upstreams: { ...testConfig().upstreams, students: [silent.url] } });
    expect(described(await request(slow).get('/api/students')).status).toBe(504);
  });

  it('too many calls for the versions: 429 with Retry-After', async () => {
    const server = http.createServer(gateway({ trustProxy: 'loopback' }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const from = () => request(server).get('/api/versions').set('X-Forwarded-For', '203.0.113.9');
    let last = await from();
    for (let i = 0; i < 70 && last.status === 200; i++) last = await from();
    expect(described(last).status).toBe(429);
  });
});
