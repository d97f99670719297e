import express from 'express';
import request from 'supertest';
import { createServiceApp } from '@logbook/service-kit/app';
import { trustProxySetting } from '@logbook/service-kit/config';

/** A service app built with TRUST_PROXY as given (unset when undefined), answering the caller's address it sees. */
function appWith(trustProxy: string | undefined) {
  const saved = process.env.TRUST_PROXY;
  if (trustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxy;
  try {
    const router = express.Router();
    router.get('/api/caller', (req, res) => {
      res.json({ ip: req.ip, protocol: req.protocol });
    });
    return createServiceApp({ name: 'forwarding-test', routers: [router] });
  } finally {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  }
}

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
    expect(res.body).toEqual({ ip: '203.0.113.9', protocol: 'https' });
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
