import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { API_ERRORS, TOASTS } from '@logbook/contracts/messages';
import { registeredModels, setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createAuthApp } from 'svc-auth/app';
import { closeGatewayApp, createGatewayApp } from '../src/app';
import { testConfig } from './support';

// The real auth service on a port of its own, behind the gateway, as in production.
let authServer: http.Server;
let gateway: Express;

beforeAll(async () => {
  await setupTestDatabase(registeredModels());
  const auth = createAuthApp({ rateLimits: { signInPerAccount: 100, signInPerIp: 3, registerPerIp: 100 } });
  authServer = http.createServer(auth);
  await new Promise<void>((resolve) => authServer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(authServer.address() as AddressInfo).port}`;
  gateway = createGatewayApp(testConfig({ upstreams: { ...testConfig().upstreams, auth: [url] } }));
});
afterAll(async () => {
  closeGatewayApp(gateway);
  authServer.closeAllConnections();
  await new Promise((resolve) => authServer.close(resolve));
  await teardownTestDatabase();
});

describe('parent sign-in through the gateway', () => {
  it('register → login (httpOnly cookie) → user → logout → user 401', async () => {
    const email = `through.${Date.now()}@example.com`;
    const origin = { host: 'logbook.test', origin: 'http://logbook.test' };

    const registered = await request(gateway)
      .post('/api/register')
      .set(origin)
      .send({ email, password: 'secret-pass-1' });
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({ message: TOASTS.registrationSuccess.description });

    const login = await request(gateway).post('/api/login').set(origin).send({ email, password: 'secret-pass-1' });
    expect(login.status).toBe(200);
    const setCookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith(PARENT_COOKIE))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(';')[0];

    const user = await request(gateway).get('/api/user').set('cookie', cookie);
    expect(user.status).toBe(200);
    expect(user.body).toEqual({ id: login.body.id, email });

    const out = await request(gateway).post('/api/logout').set(origin).set('cookie', cookie);
    expect(out.status).toBe(200);
    const after = await request(gateway).get('/api/user').set('cookie', cookie);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: API_ERRORS.unauthenticated });
  });

  it('refuses a sign-in posted from another site before it reaches the service', async () => {
    const res = await request(gateway)
      .post('/api/login')
      .set('host', 'logbook.test')
      .set('origin', 'https://evil.example')
      .send({ email: 'a@example.com', password: 'secret1' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: API_ERRORS.crossOrigin });
  });

  it('tells the service the caller it saw, so a client cannot dodge the per-address limit', async () => {
    // Each failed attempt claims another address; the gateway trusts no proxy, so all count as one caller (limit 3).
    for (let i = 0; i < 3; i++) {
      const res = await request(gateway)
        .post('/api/login')
        .set('x-forwarded-for', `198.51.100.${i}`)
        .send({ email: `nobody${i}@example.com`, password: 'wrong-one' });
      expect(res.status).toBe(401);
    }
    const limited = await request(gateway)
      .post('/api/login')
      .set('x-forwarded-for', '198.51.100.99')
      .send({ email: 'someone@example.com', password: 'secret1' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: API_ERRORS.tooManyAttempts });
  });
});
