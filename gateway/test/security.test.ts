import type { Express } from 'express';
import request from 'supertest';
import { API_ERRORS } from '@logbook/contracts/messages';
import { closeGatewayApp, createGatewayApp } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { startEcho, testConfig, type Echo } from './support';

let auth: Echo;
let billing: Echo;
let app: Express;
let pinned: Express;

beforeAll(async () => {
  auth = await startEcho('auth');
  billing = await startEcho('billing');
  const upstreams = { ...testConfig().upstreams, auth: [auth.url], billing: [billing.url] };
  app = createGatewayApp(testConfig({ upstreams }));
  pinned = createGatewayApp(testConfig({ upstreams, publicOrigin: 'https://logbook.example' }));
});
afterAll(async () => {
  closeGatewayApp(app);
  closeGatewayApp(pinned);
  await auth.stop();
  await billing.stop();
});

describe('Origin check on state-changing API calls', () => {
  it.each(['post', 'put', 'delete', 'patch'] as const)('refuses a cross-origin %s with 403 JSON', async (method) => {
    const before = auth.seen.length;
    const res = await request(app)
      [method]('/api/logout')
      .set('host', 'logbook.test')
      .set('origin', 'https://evil.example');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: API_ERRORS.crossOrigin });
    expect(auth.seen.length).toBe(before);
  });

  it('refuses look-alike origins: other scheme, other port, "null"', async () => {
    for (const origin of [
      'https://logbook.test',
      'http://logbook.test:8081',
      'http://logbook.test.evil.example',
      'null',
    ]) {
      const res = await request(app).post('/api/login').set('host', 'logbook.test').set('origin', origin).send({});
      expect(res.status).toBe(403);
    }
  });

  it('lets same-origin and Origin-less (non-browser) calls through', async () => {
    const same = await request(app).post('/api/login').set('host', 'logbook.test').set('origin', 'http://logbook.test');
    expect(same.status).toBe(200);
    expect(same.body.service).toBe('auth');
    const none = await request(app).post('/api/login').send({ email: 'a@example.com' });
    expect(none.status).toBe(200);
  });

  it('refuses state-changing calls whose body is not JSON with 415, before any service sees them', async () => {
    const before = auth.seen.length;
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await request(app).post('/api/logout').set('content-type', type).send('a=b');
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ message: API_ERRORS.bodyNotJson });
    }
    expect(auth.seen.length).toBe(before);
    const json = await request(app)
      .post('/api/logout')
      .set('content-type', 'application/json; charset=utf-8')
      .send('{}');
    expect(json.status).toBe(200);
  });

  it('refuses JSON in a charset other than UTF-8 with 415, before any service sees it', async () => {
    const before = auth.seen.length;
    for (const type of [
      'application/json; charset=utf-7',
      'application/json;charset="UTF-16LE"',
      'application/json; charset=latin1',
    ]) {
      const res = await request(app).post('/api/login').set('content-type', type).send('{"email":"+AGQ-"}');
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ message: API_ERRORS.unsupportedBody });
    }
    expect(auth.seen.length).toBe(before);
    for (const type of ['application/json', 'application/json; charset=UTF-8']) {
      const res = await request(app).post('/api/login').set('content-type', type).send('{}');
      expect(res.status).toBe(200);
    }
  });

  it('lets reads through from anywhere (the cookie is SameSite=Lax and reads change nothing)', async () => {
    const res = await request(app).get('/api/user').set('origin', 'https://evil.example');
    expect(res.status).toBe(200);
  });

  it('exempts the Stripe webhook, which Stripe calls from its own servers', async () => {
    const res = await request(app).post('/api/stripe/webhook').set('origin', 'https://evil.example').send('{}');
    expect(res.status).toBe(200);
    expect(res.body.service).toBe('billing');
  });

  it('uses PUBLIC_ORIGIN as the app origin when it is set', async () => {
    const own = await request(pinned).post('/api/login').set('origin', 'https://logbook.example').send({});
    expect(own.status).toBe(200);
    const hostBased = await request(pinned)
      .post('/api/login')
      .set('host', 'logbook.test')
      .set('origin', 'http://logbook.test');
    expect(hostBased.status).toBe(403);
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy that allows only what the app needs', async () => {
    const res = await request(app).get('/api/user');
    const csp = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(csp).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", 'https://js.stripe.com'],
      'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
      'connect-src': ["'self'", 'https://api.stripe.com', 'https://api.bigdatacloud.net'],
      'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'font-src': ["'self'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    });
    expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
  });

  it('sends nosniff, a strict referrer policy, no framing and no X-Powered-By', async () => {
    const res = await request(app).get('/');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
  });

  it('sends HSTS only over https', async () => {
    expect((await request(app).get('/api/user')).headers['strict-transport-security']).toBeUndefined();
    const behindTls = createGatewayApp(
      testConfig({ trustProxy: 'loopback', upstreams: { ...testConfig().upstreams, auth: [auth.url] } }),
    );
    const res = await request(behindTls).get('/api/user').set('x-forwarded-proto', 'https');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    closeGatewayApp(behindTls);
  });

  it('puts the reverse-geocoding origin from configuration into connect-src', async () => {
    const custom = createGatewayApp(testConfig({ geocodeOrigin: 'https://geo.example' }));
    const res = await request(custom).get('/api/health');
    expect(res.headers['content-security-policy']).toContain(
      "connect-src 'self' https://api.stripe.com https://geo.example",
    );
    closeGatewayApp(custom);
  });
});

describe('configuration', () => {
  it('has local defaults and reads lists of instances', () => {
    const defaults = loadGatewayConfig({});
    expect(defaults.port).toBe(8080);
    expect(defaults.upstreams).toEqual({
      auth: ['http://127.0.0.1:4001'],
      students: ['http://127.0.0.1:4002'],
      billing: ['http://127.0.0.1:4003'],
      logbook: ['http://127.0.0.1:4004'],
    });
    expect(defaults.upstreamTimeoutMs).toBe(5000);
    expect(defaults.maxBodyBytes).toBe(2 * 1024 * 1024);
    expect(defaults.geocodeOrigin).toBe('https://api.bigdatacloud.net');
    expect(defaults.trustProxy).toBe(false);

    const custom = loadGatewayConfig({
      PORT: '9090',
      AUTH_SERVICE_URL: 'http://auth-1:4001/, http://auth-2:4001',
      PUBLIC_ORIGIN: 'https://logbook.example/some/path',
      UPSTREAM_TIMEOUT_MS: '2500',
    });
    expect(custom.port).toBe(9090);
    expect(custom.upstreams.auth).toEqual(['http://auth-1:4001', 'http://auth-2:4001']);
    expect(custom.publicOrigin).toBe('https://logbook.example');
    expect(custom.upstreamTimeoutMs).toBe(2500);
  });

  it('refuses configuration it cannot use', () => {
    expect(() => loadGatewayConfig({ AUTH_SERVICE_URL: 'not a url' })).toThrow(/AUTH_SERVICE_URL/);
    expect(() => loadGatewayConfig({ BILLING_SERVICE_URL: 'ftp://billing:21' })).toThrow(/BILLING_SERVICE_URL/);
    expect(() => loadGatewayConfig({ LOGBOOK_SERVICE_URL: ' , ' })).toThrow(/LOGBOOK_SERVICE_URL/);
    expect(() => loadGatewayConfig({ UPSTREAM_TIMEOUT_MS: 'soon' })).toThrow(/UPSTREAM_TIMEOUT_MS/);
  });

  it("takes the services' internal secret, which production cannot do without", () => {
    const secret = 'an-internal-secret-of-at-least-32-chars';
    expect(loadGatewayConfig({}).internalSecret).toBeUndefined();
    expect(loadGatewayConfig({ INTERNAL_API_SECRET: ` ${secret} ` }).internalSecret).toBe(secret);
    expect(() => loadGatewayConfig({ INTERNAL_API_SECRET: 'short' })).toThrow(/INTERNAL_API_SECRET/);
    const production = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://logbook.example' } as const;
    expect(() => loadGatewayConfig(production)).toThrow(/INTERNAL_API_SECRET is required in production/);
    expect(loadGatewayConfig({ ...production, INTERNAL_API_SECRET: secret }).internalSecret).toBe(secret);
  });
});
