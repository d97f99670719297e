import request from 'supertest';
import { loggedUrl } from '@logbook/service-kit/redact';
import { closeGatewayApp, createGatewayApp } from '../src/app';
import { logger } from '../src/log';
import { testConfig } from './support';

const TOKEN = 'Zx9_Qv7-Lm3Kp2Nw8Rt5Ys1Ub4Hc6Jd0';

describe('signing tokens are kept out of the logs', () => {
  it('writes a token path without its token, and every other path as it is', () => {
    expect(loggedUrl(`/api/sign-off/${TOKEN}`)).toBe('/api/sign-off/[token]');
    expect(loggedUrl(`/api/sign-off/${TOKEN}/decline`)).toBe('/api/sign-off/[token]/decline');
    expect(loggedUrl(`/sign/${TOKEN}?from=mail`)).toBe('/sign/[token]?from=mail');
    expect(loggedUrl('/api/signing/sign')).toBe('/api/signing/sign');
    expect(loggedUrl('/students/12/sessions')).toBe('/students/12/sessions');
  });

  it("leaves the token out of the gateway's access log line", async () => {
    const gateway = createGatewayApp(testConfig());
    const lines: unknown[] = [];
    const spy = jest.spyOn(logger, 'info').mockImplementation(((line: unknown) => lines.push(line)) as never);
    const warn = jest.spyOn(logger, 'warn').mockImplementation(((line: unknown) => lines.push(line)) as never);
    try {
      await request(gateway).get(`/api/sign-off/${TOKEN}`);
      await request(gateway).post(`/api/sign-off/${TOKEN}/decline`).send({ reason: 'Not me' });
    } finally {
      spy.mockRestore();
      warn.mockRestore();
      await closeGatewayApp(gateway);
    }
    const logged = JSON.stringify(lines);
    expect(logged).toContain('/api/sign-off/[token]');
    expect(logged).not.toContain(TOKEN);
  });

  it('has a page opened at /sign/<token> send no Referer, so what it loads and calls does not carry the token', async () => {
    const gateway = createGatewayApp(testConfig());
    try {
      expect((await request(gateway).get(`/sign/${TOKEN}`)).headers['referrer-policy']).toBe('no-referrer');
      expect((await request(gateway).get('/sign')).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    } finally {
      await closeGatewayApp(gateway);
    }
  });
});
