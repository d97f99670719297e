import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import request from 'supertest';
import { API_ERRORS } from '@logbook/contracts/messages';
import { createServiceApp } from '@logbook/service-kit/app';
import { parentCookie, setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { closeGatewayApp, createGatewayApp } from '../../gateway/src/app';
import { UserModel } from '../../svc-auth/src/accounts/model';
import { createAuthApp } from '../../svc-auth/src/app';
import { createApp as createStudentsApp } from '../../svc-students/src/app';
import { StudentModel } from '../../svc-students/src/students/model';

// Each service as it ships, reached directly (supertest on its app) and through the gateway in front of it.
const auth = createAuthApp();
const students = createStudentsApp();
const servers: http.Server[] = [];
let gateway: Express;

async function listen(app: Express) {
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  await setupTestDatabase([UserModel, StudentModel]);
  const [authUrl, studentsUrl] = [await listen(auth), await listen(students)];
  gateway = createGatewayApp({
    port: 0,
    upstreams: { auth: [authUrl], students: [studentsUrl], billing: [authUrl], logbook: [authUrl] },
    upstreamTimeoutMs: 5000,
    billingTimeoutMs: 50_000,
    healthTimeoutMs: 1000,
    maxBodyBytes: 2 * 1024 * 1024,
    geocodeOrigin: 'https://api.bigdatacloud.net',
    trustProxy: false,
    shellDist: '/nonexistent',
    mfDistRoot: '/nonexistent',
  });
});
afterAll(async () => {
  closeGatewayApp(gateway);
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await teardownTestDatabase();
});

const HOST = 'logbook.test';
let nextUser = 7100;

describe('a service called directly refuses what the gateway refuses', () => {
  it('refuses a PUT /api/students/:id from another origin with the gateway’s 403, and changes nothing', async () => {
    const cookie = await parentCookie(++nextUser);
    const made = await request(students)
      .post('/api/students')
      .set({ host: HOST, cookie })
      .send({ firstName: 'Ada', lastName: 'Lane', dateOfBirth: '2009-01-02' });
    expect(made.status).toBe(201);
    const edit = { firstName: 'Mallory', lastName: 'Lane', dateOfBirth: '2009-01-02' };
    const foreign = { host: HOST, cookie, origin: 'https://evil.example' };

    const direct = await request(students).put(`/api/students/${made.body.id}`).set(foreign).send(edit);
    const through = await request(gateway).put(`/api/students/${made.body.id}`).set(foreign).send(edit);
    expect({ status: direct.status, body: direct.body }).toEqual({
      status: 403,
      body: { message: API_ERRORS.crossOrigin },
    });
    expect({ status: through.status, body: through.body }).toEqual({ status: direct.status, body: direct.body });
    expect((await StudentModel.findById(made.body.id).lean())!.firstName).toBe('Ada');

    // The app's own origin still edits, directly and through the gateway.
    const own = { host: HOST, cookie, origin: `http://${HOST}` };
    expect((await request(students).put(`/api/students/${made.body.id}`).set(own).send(edit)).status).toBe(200);
    expect((await request(gateway).put(`/api/students/${made.body.id}`).set(own).send(edit)).status).toBe(200);
  });

  it('refuses a text/plain logout with the gateway’s 415, and the session lives on', async () => {
    const cookie = await parentCookie(++nextUser);
    const signedIn = async () => (await request(students).get('/api/students').set({ host: HOST, cookie })).status;
    expect(await signedIn()).toBe(200);

    const plain = (app: Express) =>
      request(app).post('/api/logout').set({ host: HOST, cookie, 'content-type': 'text/plain' }).send('bye');
    const direct = await plain(auth);
    const through = await plain(gateway);
    expect({ status: direct.status, body: direct.body }).toEqual({
      status: 415,
      body: { message: API_ERRORS.bodyNotJson },
    });
    expect({ status: through.status, body: through.body }).toEqual({ status: direct.status, body: direct.body });
    expect(await signedIn()).toBe(200);

    // A form post from another site is refused on either count; a logout as the app sends it works.
    const form = await request(auth)
      .post('/api/logout')
      .set({ host: HOST, cookie, origin: 'https://evil.example' })
      .type('form')
      .send('a=b');
    expect(form.status).toBe(403);
    expect(
      (
        await request(auth)
          .post('/api/logout')
          .set({ host: HOST, cookie, origin: `http://${HOST}` })
      ).status,
    ).toBe(200);
    expect(await signedIn()).toBe(401);
  });

  it('lets the Stripe webhook keep its own rules', async () => {
    // Stripe posts from its servers; the services' check stands aside for it as the gateway's does.
    const res = await request(auth)
      .post('/api/stripe/webhook')
      .set({ origin: 'https://evil.example', 'content-type': 'text/plain' })
      .send('{}');
    expect(res.status).toBe(404);
  });
});

describe('a service believes who the caller is from the gateway alone', () => {
  const secret = crypto.randomBytes(32).toString('hex');
  const loopback = /^(::ffff:)?127\.0\.0\.1$/;
  let service: Express;
  let behindIngress: Express;

  beforeAll(async () => {
    // A service as every one is built (the shared app factory), with the internal secret as deployed, answering
    // what it takes for the caller; the gateway in front of it stands behind an ingress (it trusts loopback here).
    const saved = process.env.INTERNAL_API_SECRET;
    process.env.INTERNAL_API_SECRET = secret;
    try {
      const router = express.Router();
      router.get('/api/user', (req, res) => {
        res.json({ ip: req.ip, protocol: req.protocol, secret: req.headers['x-gateway-secret'] ?? null });
      });
      service = createServiceApp({ name: 'caller-echo', routers: [router] });
    } finally {
      if (saved === undefined) delete process.env.INTERNAL_API_SECRET;
      else process.env.INTERNAL_API_SECRET = saved;
    }
    const url = await listen(service);
    behindIngress = createGatewayApp({
      port: 0,
      upstreams: { auth: [url], students: [url], billing: [url], logbook: [url] },
      upstreamTimeoutMs: 5000,
      billingTimeoutMs: 50_000,
      healthTimeoutMs: 1000,
      maxBodyBytes: 2 * 1024 * 1024,
      geocodeOrigin: 'https://api.bigdatacloud.net',
      trustProxy: 'loopback',
      internalSecret: secret,
      shellDist: '/nonexistent',
      mfDistRoot: '/nonexistent',
    });
  });
  afterAll(() => closeGatewayApp(behindIngress));

  it('takes a neighbour naming another client straight to the service for its own address', async () => {
    for (const guess of [undefined, 'a-guess', secret.slice(1)]) {
      const req = request(service)
        .get('/api/user')
        .set({ 'x-forwarded-for': '203.0.113.50', 'x-forwarded-proto': 'https' });
      if (guess) req.set('x-gateway-secret', guess);
      const res = await req;
      expect(res.body.ip).toMatch(loopback);
      expect(res.body.protocol).toBe('http');
      expect(res.body.secret).toBeNull();
    }
  });

  it('believes the client the gateway names, and no route sees the secret or a client’s guess at it', async () => {
    const res = await request(behindIngress)
      .get('/api/user')
      .set({ 'x-forwarded-for': '198.51.100.23', 'x-forwarded-proto': 'https', 'x-gateway-secret': 'a-guess' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ip: '198.51.100.23', protocol: 'https', secret: null });
  });
});
