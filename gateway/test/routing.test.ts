import type { Express } from 'express';
import request from 'supertest';
import { API_ERRORS } from '@logbook/contracts/messages';
import { closeGatewayApp, createGatewayApp } from '../src/app';
import { isSafeApiPath, ROUTING_TABLE, serviceFor, SERVICES, type ServiceName } from '../src/routes';
import { startEcho, testConfig, type Echo } from './support';

let echoes: Record<ServiceName, Echo>;
let app: Express;

beforeAll(async () => {
  echoes = {
    auth: await startEcho('auth'),
    students: await startEcho('students'),
    billing: await startEcho('billing'),
    logbook: await startEcho('logbook'),
  };
  app = createGatewayApp(
    testConfig({
      upstreams: {
        auth: [echoes.auth.url],
        students: [echoes.students.url],
        billing: [echoes.billing.url],
        logbook: [echoes.logbook.url],
      },
    }),
  );
});
afterAll(async () => {
  closeGatewayApp(app);
  await Promise.all(Object.values(echoes).map((e) => e.stop()));
});

type Method = 'get' | 'post' | 'put' | 'delete';
/** Every call the front ends make, plus the product's own additions, and the service that must answer it. */
const CALLS: Array<[Method, string, ServiceName, object | null]> = [
  ['get', '/api/user', 'auth', null],
  ['post', '/api/login', 'auth', { email: 'a@example.com', password: 'secret1' }],
  ['post', '/api/register', 'auth', { email: 'a@example.com', password: 'secret1' }],
  ['post', '/api/logout', 'auth', null],
  ['post', '/api/student-login', 'auth', { studentUsername: 'kai', studentPassword: 'drive123' }],
  ['get', '/api/student-auth', 'auth', null],
  ['post', '/api/student-logout', 'auth', null],
  ['get', '/api/students', 'students', null],
  ['get', '/api/students/12', 'students', null],
  ['post', '/api/students', 'students', { firstName: 'Kai', lastName: 'Lee', dateOfBirth: '2008-01-01' }],
  ['put', '/api/students/12', 'students', { firstName: 'Kai', lastName: 'Lee', dateOfBirth: '2008-01-01' }],
  ['post', '/api/students/12/create-login', 'students', { studentUsername: 'kai', studentPassword: 'drive123' }],
  ['put', '/api/students/12/update-login', 'students', { studentUsername: 'kai', studentPassword: 'drive456' }],
  ['delete', '/api/students/12/delete-login', 'students', null],
  ['get', '/api/subscription/12', 'billing', null],
  ['post', '/api/create-subscription', 'billing', { studentId: 12 }],
  ['post', '/api/cancel-subscription', 'billing', { studentId: 12 }],
  ['get', '/api/billing/config', 'billing', null],
  ['get', '/api/settings', 'logbook', null],
  ['put', '/api/settings/dayTimeTargetHours', 'logbook', { value: '80' }],
  ['post', '/api/settings', 'logbook', { key: 'nightTimeTargetHours', value: '20' }],
  ['get', '/api/driving-sessions/12?fromDate=2025-01-01&toDate=2025-02-01&timeOfDay=night', 'logbook', null],
  ['post', '/api/driving-sessions', 'logbook', { studentId: 12, date: '2025-01-02' }],
  ['get', '/api/driving-sessions/12/pdf', 'logbook', null],
  ['get', '/api/verify/abc123', 'logbook', null],
  ['get', '/api/state-rules?on=2026-11-25', 'logbook', null],
  ['get', '/api/driving-sessions/12/readiness', 'logbook', null],
];

describe('routing table', () => {
  it.each(CALLS)('%s %s reaches %s with its path, query and body intact', async (method, path, service, body) => {
    let req = request(app)[method](path);
    if (body) req = req.send(body);
    const res = await req;
    expect(res.status).toBe(200);
    expect(res.body.service).toBe(service);
    expect(res.body.method).toBe(method.toUpperCase());
    expect(res.body.path).toBe(path);
    expect(res.body.body).toBe(body ? JSON.stringify(body) : '');
  });

  it('passes the Stripe webhook body through byte for byte, whatever its Origin', async () => {
    const raw = '{"id":"evt_1",  "type":"invoice.paid",\n "data":{"object":{"amount":99, "note":"caf\u00e9 \u2713"}}}';
    const res = await request(app)
      .post('/api/stripe/webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', 't=1,v1=abc')
      .set('origin', 'https://stripe.example')
      .send(raw);
    expect(res.status).toBe(200);
    expect(res.body.service).toBe('billing');
    const seen = echoes.billing.seen.at(-1)!;
    expect(seen.body.equals(Buffer.from(raw, 'utf8'))).toBe(true);
    expect(seen.headers['stripe-signature']).toBe('t=1,v1=abc');
  });

  it('covers every service and every route in the table', () => {
    expect(new Set(ROUTING_TABLE.map((r) => r.service))).toEqual(new Set(SERVICES));
    for (const [, path, service] of CALLS) expect(serviceFor(path.split('?')[0])).toBe(service);
  });

  it.each(['/api', '/api/', '/api/unknown', '/api/studentsx', '/api/billing', '/api/users', '/api/user/extra'])(
    'answers unknown API path %s with 404 JSON without asking any service',
    async (path) => {
      const before = Object.values(echoes).reduce((n, e) => n + e.seen.length, 0);
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: API_ERRORS.notFound });
      expect(Object.values(echoes).reduce((n, e) => n + e.seen.length, 0)).toBe(before);
    },
  );

  it('refuses paths that could mean another route to the service', async () => {
    for (const path of ['/api/students/%2e%2e/user', '/api/students/..%2fuser', '/api/students//12']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
    }
    expect(isSafeApiPath('/api/students/../user')).toBe(false);
    expect(isSafeApiPath('/api/students/./12')).toBe(false);
    expect(isSafeApiPath('/api/students/12')).toBe(true);
    expect(isSafeApiPath('/api/settings/dayTimeTargetHours')).toBe(true);
  });

  it('passes cookies both ways and keeps the Host the browser used', async () => {
    const res = await request(app).get('/api/user').set('cookie', 'll_parent=token-value').set('host', 'logbook.test');
    expect(res.body.headers.cookie).toBe('ll_parent=token-value');
    expect(res.body.headers.host).toBe('logbook.test');
    expect(res.headers['set-cookie']).toEqual(['seen_by=auth; Path=/; HttpOnly']);
  });

  it('keeps a valid x-request-id, replaces a malformed one, and tells the service who called', async () => {
    const kept = await request(app).get('/api/user').set('x-request-id', 'req-42.abc');
    expect(kept.body.headers['x-request-id']).toBe('req-42.abc');
    expect(kept.headers['x-request-id']).toBe('req-42.abc');

    const replaced = await request(app).get('/api/user').set('x-request-id', 'not valid; <script>');
    expect(replaced.body.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(replaced.headers['x-request-id']).toBe(replaced.body.headers['x-request-id']);

    const made = await request(app).get('/api/user');
    expect(made.body.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const forged = await request(app)
      .get('/api/user')
      .set('host', 'logbook.test')
      .set('x-forwarded-for', '6.6.6.6')
      .set('x-forwarded-proto', 'https')
      .set('forwarded', 'for=6.6.6.6');
    // The gateway trusts no proxy by default: the caller is the socket's address, over plain http.
    expect(forged.body.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1$/);
    expect(forged.body.headers['x-forwarded-proto']).toBe('http');
    expect(forged.body.headers['x-forwarded-host']).toBe('logbook.test');
    expect(forged.body.headers.forwarded).toBeUndefined();
  });

  it("vouches for what it forwards with the services' secret, and never passes on a client's", async () => {
    const secret = 'the-services-shared-internal-secret-0123456789';
    const vouching = createGatewayApp(
      testConfig({ internalSecret: secret, upstreams: { ...testConfig().upstreams, auth: [echoes.auth.url] } }),
    );
    try {
      const guessed = await request(vouching)
        .get('/api/user')
        .set('x-gateway-secret', 'a-guess')
        .set('x-forwarded-for', '6.6.6.6');
      expect(guessed.body.headers['x-gateway-secret']).toBe(secret);
      expect(guessed.body.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1$/);

      // Naming them as connection headers does not have them dropped (the service would take the gateway for the
      // caller, and one stranger's failures would count against everyone).
      const named = await request(vouching)
        .get('/api/user')
        .set('connection', 'keep-alive, x-gateway-secret, x-forwarded-for, x-forwarded-proto, x-forwarded-host');
      expect(named.body.headers['x-gateway-secret']).toBe(secret);
      expect(named.body.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1$/);
      expect(named.body.headers['x-forwarded-proto']).toBe('http');
      expect(named.body.headers['x-forwarded-host']).toBeDefined();
    } finally {
      closeGatewayApp(vouching);
    }

    // A gateway without the secret passes on none, whatever the client sent.
    const without = await request(app).get('/api/user').set('x-gateway-secret', 'a-guess');
    expect(without.body.headers['x-gateway-secret']).toBeUndefined();
  });

  it('believes X-Forwarded-* only from a proxy it was told to trust', async () => {
    const trusting = createGatewayApp(
      testConfig({ trustProxy: 'loopback', upstreams: { ...testConfig().upstreams, auth: [echoes.auth.url] } }),
    );
    const res = await request(trusting)
      .get('/api/user')
      .set('x-forwarded-for', '198.51.100.7')
      .set('x-forwarded-proto', 'https');
    expect(res.body.headers['x-forwarded-for']).toBe('198.51.100.7');
    expect(res.body.headers['x-forwarded-proto']).toBe('https');
    closeGatewayApp(trusting);
  });
});
