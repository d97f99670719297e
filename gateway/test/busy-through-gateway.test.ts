import http from 'node:http';
import type { AddressInfo } from 'node:net';
import bcrypt from 'bcryptjs';
import type { Express } from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { API_ERRORS } from '@logbook/contracts/messages';
import { configurePasswordHashing } from '@logbook/service-kit/password-hash';
import { registeredModels, setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createAuthApp } from 'svc-auth/app';
import { closeGatewayApp, createGatewayApp } from '../src/app';
import { testConfig } from './support';

// The real auth service on a port of its own, behind the gateway, as in production.
let authServer: http.Server;
let gateway: Express;

beforeAll(async () => {
  await setupTestDatabase(registeredModels());
  const auth = createAuthApp({ rateLimits: { signInPerAccount: 100, signInPerIp: 100_000 } });
  authServer = http.createServer(auth);
  await new Promise<void>((resolve) => authServer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(authServer.address() as AddressInfo).port}`;
  gateway = createGatewayApp(testConfig({ upstreams: { ...testConfig().upstreams, auth: [url] } }));
  // One worker and a short queue, so that a burst this test can make is more than the service takes in time.
  configurePasswordHashing({ size: 1, queueBudgetMs: 250, initialJobMs: 100 });
});
afterAll(async () => {
  closeGatewayApp(gateway);
  authServer.closeAllConnections();
  await new Promise((resolve) => authServer.close(resolve));
  await teardownTestDatabase();
});

it('passes a busy service’s 503 and its Retry-After on unchanged, and keeps the service in rotation', async () => {
  const password = 'gateway-load-pass';
  const stored = bcrypt.hashSync(password, 10);
  const emails = Array.from({ length: 16 }, (_, i) => `busy.${Date.now()}.${i}@example.com`);
  await mongoose
    .model('User')
    .insertMany(emails.map((email, i) => ({ _id: 93_000 + i, username: `busy${i}`, email, password: stored })));
  const origin = { host: 'logbook.test', origin: 'http://logbook.test' };

  const burst = await Promise.all(
    emails.map((email) => request(gateway).post('/api/login').set(origin).send({ email, password })),
  );
  expect(burst.every((r) => r.status === 200 || r.status === 503)).toBe(true);
  const refused = burst.filter((r) => r.status === 503);
  expect(refused.length).toBeGreaterThan(0);
  for (const res of refused) {
    expect(res.body).toEqual({ message: API_ERRORS.tooManySigningIn });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }
  const again = await request(gateway).post('/api/login').set(origin).send({ email: emails[0], password });
  expect(again.status).toBe(200);
});
