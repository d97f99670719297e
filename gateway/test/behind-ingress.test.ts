import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Express } from 'express';
import yaml from 'js-yaml';
import request from 'supertest';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { API_ERRORS } from '@logbook/contracts/messages';
import {
  registeredModels,
  setupTestDatabase,
  storedCollection,
  teardownTestDatabase,
} from '@logbook/service-kit/testing';
import { createAuthApp } from 'svc-auth/app';
import { createApp as createStudentsApp } from 'svc-students/app';
import { closeGatewayApp, createGatewayApp } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { testConfig } from './support';

/** The trusted proxies the Kubernetes deployment gives the gateway and the services (one ConfigMap for all). */
const configMap = yaml.load(fs.readFileSync(path.resolve(__dirname, '../../deploy/k8s/base/config.yaml'), 'utf8')) as {
  data: Record<string, string>;
};
const TRUST_PROXY = configMap.data.TRUST_PROXY;

// The real auth and students services on ports of their own, behind the gateway, configured as deployed; the test
// client stands where the ingress controller does (a private address; here loopback), naming the caller.
const servers: http.Server[] = [];
let gateway: Express;

async function listen(app: http.RequestListener): Promise<string> {
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The Secret's INTERNAL_API_SECRET, given to the gateway and the services alike. */
const INTERNAL_API_SECRET = crypto.randomBytes(32).toString('hex');

beforeAll(async () => {
  await setupTestDatabase(registeredModels());
  const before = { TRUST_PROXY: process.env.TRUST_PROXY, INTERNAL_API_SECRET: process.env.INTERNAL_API_SECRET };
  Object.assign(process.env, { TRUST_PROXY, INTERNAL_API_SECRET });
  try {
    // The limits people get (10 failures per account and address, 50 per address), not test-sized ones.
    const auth = await listen(createAuthApp());
    const students = await listen(createStudentsApp());
    const { trustProxy, internalSecret } = loadGatewayConfig({ TRUST_PROXY, INTERNAL_API_SECRET });
    gateway = createGatewayApp(
      testConfig({
        trustProxy,
        internalSecret,
        upstreams: { ...testConfig().upstreams, auth: [auth], students: [students] },
      }),
    );
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});
afterAll(async () => {
  closeGatewayApp(gateway);
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await teardownTestDatabase();
});

const fromClient = (ip: string) => ({ 'x-forwarded-for': ip, 'x-forwarded-proto': 'https' });
const login = (ip: string, email: string, password: string) =>
  request(gateway).post('/api/login').set(fromClient(ip)).send({ email, password });

it('trusts the private network the ingress and the gateway live on (only the ingress controller reaches the gateway)', () => {
  expect(TRUST_PROXY).toBe('loopback, uniquelocal');
});

it("locks out only the stranger guessing a parent's password, ever longer, while the owner signs in", async () => {
  const email = `behind.ingress.${Date.now()}@example.com`;
  const password = 'owner-pass-1';
  expect(
    (await request(gateway).post('/api/register').set(fromClient('192.0.2.10')).send({ email, password })).status,
  ).toBe(201);

  const stranger = '198.51.100.66';
  for (let i = 0; i < 10; i++) expect((await login(stranger, email, `guess-${i}`)).status).toBe(401);
  const waits: number[] = [];
  for (let i = 0; i < 3; i++) {
    const refused = await login(stranger, email, `guess-more-${i}`);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: API_ERRORS.tooManyAttempts });
    waits.push(Number(refused.headers['retry-after']));
  }
  expect(waits[1]).toBeGreaterThan(waits[0]);
  expect(waits[2]).toBeGreaterThan(waits[1]);

  const owner = await login('203.0.113.7', email, password);
  expect(owner.status).toBe(200);
  // The ingress terminated TLS: the cookie is Secure and the answer carries HSTS.
  const cookie = (owner.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith(PARENT_COOKIE))!;
  expect(cookie).toMatch(/; Secure/i);
  expect(owner.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
});

it('sends HSTS on pages too when the ingress terminated TLS, and not over plain http', async () => {
  const https = await request(gateway).get('/login').set(fromClient('203.0.113.8')).set('accept', 'text/html');
  expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  const plain = await request(gateway)
    .get('/login')
    .set({ 'x-forwarded-for': '203.0.113.8', 'x-forwarded-proto': 'http' })
    .set('accept', 'text/html');
  expect(plain.headers['strict-transport-security']).toBeUndefined();
});

it("answers undecodable addresses and unknown charsets in the product's words", async () => {
  const badParam = await request(gateway).get('/api/students/%E0%A4%A').set(fromClient('203.0.113.9'));
  expect(badParam.status).toBe(400);
  expect(badParam.body).toEqual({ message: API_ERRORS.malformedAddress });

  const badCharset = await request(gateway)
    .post('/api/register')
    .set(fromClient('203.0.113.9'))
    .set('content-type', 'application/json; charset=BOGUS')
    .send(JSON.stringify({ email: 'charset@example.com', password: 'owner-pass-1' }));
  expect(badCharset.status).toBe(415);
  expect(badCharset.body).toEqual({ message: API_ERRORS.unsupportedBody });
  expect(await storedCollection('users').countDocuments({ email: 'charset@example.com' })).toBe(0);
});
