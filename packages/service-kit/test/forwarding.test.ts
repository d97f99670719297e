import express from 'express';
import request from 'supertest';
import { createServiceApp } from '@logbook/service-kit/app';
import { trustProxySetting } from '@logbook/service-kit/config';

const SECRET = 'a-shared-internal-secret-of-at-least-32-characters';

/** Sets these environment variables (unset when undefined) while `build` runs, then puts them back. */
function withEnv<T>(vars: Record<string, string | undefined>, build: () => T): T {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(vars);
  try {
    return build();
  } finally {
    apply(saved);
  }
}

/**
 * A service app built with TRUST_PROXY and INTERNAL_API_SECRET as given (unset when undefined), answering the
 * caller's address, scheme and host it sees, and the forwarding headers that reached its route.
 */
function appWith(trustProxy: string | undefined, secret?: string) {
  return withEnv({ TRUST_PROXY: trustProxy, INTERNAL_API_SECRET: secret }, () => {
    const router = express.Router();
    router.get('/api/caller', (req, res) => {
      const seen = ['x-gateway-secret', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded'];
      res.json({
        ip: req.ip,
        protocol: req.protocol,
        hostname: req.hostname,
        headers: Object.fromEntries(seen.filter((h) => req.headers[h] !== undefined).map((h) => [h, req.headers[h]])),
        raw: req.rawHeaders.filter((_, i) => i % 2 === 0).map((h) => h.toLowerCase()),
      });
    });
    return createServiceApp({ name: 'forwarding-test', routers: [router] });
  });
}

/** A caller naming another client, scheme and host, as only the gateway may. */
const forged = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };

describe('who may speak for the caller in X-Forwarded-*', () => {
  it('trusts only loopback by default: no private or unique-local network', () => {
    const trusts = appWith(undefined).get('trust proxy fn') as (addr: string, i: number) => boolean;
    const trusted = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];
    const untrusted = ['10.0.0.5', '172.16.4.2', '192.168.1.9', 'fd00::2', '169.254.1.1', '203.0.113.7'];
    expect(trusted.filter((a) => !trusts(a, 0))).toEqual([]);
    expect(untrusted.filter((a) => trusts(a, 0))).toEqual([]);
  });

  it('believes the gateway beside it (loopback) by default', async () => {
    const res = await request(appWith(undefined))
      .get('/api/caller')
      .set('x-forwarded-for', '203.0.113.9')
      .set('x-forwarded-proto', 'https');
    expect(res.body).toMatchObject({ ip: '203.0.113.9', protocol: 'https' });
  });

  it('ignores forwarding headers from a peer that is not the configured gateway', async () => {
    const res = await request(appWith('10.9.9.9'))
      .get('/api/caller')
      .set('x-forwarded-for', '203.0.113.9')
      .set('x-forwarded-proto', 'https');
    expect(res.body.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(res.body.protocol).toBe('http');
  });

  it('reads TRUST_PROXY as Express does: a list, a hop count, true or false', () => {
    expect(trustProxySetting(undefined)).toBe('loopback');
    expect(trustProxySetting('')).toBe('loopback');
    expect(trustProxySetting('10.0.0.0/8, loopback')).toBe('10.0.0.0/8, loopback');
    expect(trustProxySetting('1')).toBe(1);
    expect(trustProxySetting('true')).toBe(true);
    expect(trustProxySetting('false')).toBe(false);
  });
});

describe('X-Forwarded-* from the gateway alone, proved by the shared secret', () => {
  it('takes a caller without the secret, or with a wrong one, at its socket address, whatever it names', async () => {
    const app = appWith(undefined, SECRET);
    for (const secret of [undefined, 'guess', `${SECRET}x`, SECRET.slice(0, -1)]) {
      const req = request(app).get('/api/caller').set(forged).set('host', 'logbook.test');
      if (secret !== undefined) req.set('x-gateway-secret', secret);
      const res = await req;
      expect(res.body.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      expect(res.body.protocol).toBe('http');
      expect(res.body.hostname).toBe('logbook.test');
      // Nothing later in the service can read what the caller claimed, nor the secret it tried.
      expect(res.body.headers).toEqual({});
      expect(res.body.raw).not.toEqual(expect.arrayContaining(['x-forwarded-for']));
      expect(res.body.raw).not.toEqual(expect.arrayContaining(['x-gateway-secret']));
    }
  });

  it('believes the gateway, which sends the secret, and keeps the secret from every route', async () => {
    const res = await request(appWith(undefined, SECRET))
      .get('/api/caller')
      .set(forged)
      .set('x-gateway-secret', SECRET);
    expect(res.body).toMatchObject({ ip: '203.0.113.9', protocol: 'https', hostname: 'evil.example' });
    expect(res.body.headers['x-gateway-secret']).toBeUndefined();
    expect(res.body.raw).not.toContain('x-gateway-secret');
  });

  it('still asks TRUST_PROXY which peers may speak: the secret from any other peer is not enough', async () => {
    const res = await request(appWith('10.9.9.9', SECRET))
      .get('/api/caller')
      .set(forged)
      .set('x-gateway-secret', SECRET);
    expect(res.body.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(res.body.protocol).toBe('http');
    expect(res.body.headers['x-gateway-secret']).toBeUndefined();
  });

  it('without a secret configured (a service tested alone), believes the peers TRUST_PROXY names', async () => {
    const res = await request(appWith(undefined, undefined)).get('/api/caller').set(forged);
    expect(res.body).toMatchObject({ ip: '203.0.113.9', protocol: 'https' });
  });
});
