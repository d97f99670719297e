import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import yaml from 'js-yaml';
import { chromium } from 'playwright-core';
import { TOASTS } from '@logbook/contracts/messages';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/support/chromium';
import { expectHeading, expectPath, expectToast, uniqueEmail } from '../../e2e/support/expectations';

const { startStack } = require('../../scripts/stack.cjs') as typeof import('../../scripts/stack.cjs');
const { startEdge, insecureGet, CADDY, CADDYFILE } =
  require('../../scripts/edge.cjs') as typeof import('../../scripts/edge.cjs');

const ROOT = path.resolve(__dirname, '../..');
type Doc = Record<string, any>;

/** The values .env must give (empty in .env.example), as an operator's .env would. */
const REQUIRED = Object.fromEntries(
  [
    'JWT_PUBLIC_KEY',
    'JWT_PRIVATE_KEY',
    'INTERNAL_API_SECRET',
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'SMTP_URL',
  ].map((name) => [name, `${name.toLowerCase()}-value`]),
);

/** `docker-compose config` (Debian's docker-compose, no engine needed) with .env.example and `env` over it. */
function composeConfig(env: Record<string, string> = {}) {
  return spawnSync('docker-compose', ['--env-file', '.env.example', '-f', 'docker-compose.yml', 'config'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...REQUIRED, ...env },
    encoding: 'utf8',
  });
}

describe('docker-compose.yml as Docker Compose reads it', () => {
  it('is valid, publishes only the edge (80, 443, 443/udp), and has the gateway trust the edge alone', () => {
    const run = composeConfig();
    expect(run.stderr).not.toMatch(/invalid|error/i);
    expect(run.status).toBe(0);
    const services = (yaml.load(run.stdout) as Doc).services as Record<string, Doc>;
    const published = Object.entries(services)
      .filter(([, s]) => s.ports?.length && !s.profiles?.includes('mail-catcher'))
      .map(([name]) => name);
    expect(published).toEqual(['edge']);
    expect(services.edge.ports).toEqual([
      { published: 80, target: 80 },
      { published: 443, target: 443 },
      { published: 443, target: 443, protocol: 'udp' },
    ]);
    expect(services.edge.image).toBe('caddy:2');
    expect(services.edge.environment.SITE_ADDRESS).toBe('logbook.example.com');
    expect(services.gateway.ports).toBeUndefined();
    expect(services.gateway.environment.TRUST_PROXY).toBe(services.edge.networks.edge.ipv4_address);
    expect(services.gateway.environment.TRUST_PROXY).toBe('172.30.80.2');
  });

  it('moves the trusted address with the edge when the subnet is changed', () => {
    const run = composeConfig({ EDGE_SUBNET: '10.99.0.0/28', EDGE_ADDRESS: '10.99.0.5' });
    expect(run.status).toBe(0);
    const config = yaml.load(run.stdout) as Doc;
    expect(config.networks.edge.ipam.config).toEqual([{ subnet: '10.99.0.0/28' }]);
    expect(config.services.edge.networks.edge.ipv4_address).toBe('10.99.0.5');
    expect(config.services.gateway.environment.TRUST_PROXY).toBe('10.99.0.5');
  });

  it('will not start without SITE_ADDRESS', () => {
    const run = composeConfig({ SITE_ADDRESS: '' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('set SITE_ADDRESS in .env');
  });
});

describe('deploy/edge/Caddyfile', () => {
  const validate = (env: Record<string, string>) =>
    spawnSync(CADDY, ['validate', '--adapter', 'caddyfile', '--config', CADDYFILE], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      encoding: 'utf8',
    });

  it.each([
    ['as docker-compose.yml runs it', { SITE_ADDRESS: 'logbook.example.com', GATEWAY_UPSTREAM: 'gateway:8080' }],
    ['for localhost', { SITE_ADDRESS: 'localhost' }],
    [
      'as the tests and the bench run it',
      {
        SITE_ADDRESS: 'https://localhost:18443',
        HTTP_PORT: '18080',
        CADDY_ADMIN: 'off',
        GATEWAY_UPSTREAM: '127.0.0.1:8080',
      },
    ],
  ])('passes caddy validate %s', (_how, env) => {
    const run = validate(env);
    expect(run.stderr + run.stdout).toContain('Valid configuration');
    expect(run.status).toBe(0);
  });

  it('speaks HTTP/1.1, HTTP/2 and HTTP/3, compresses with zstd or gzip, and proxies to the gateway', () => {
    const json = JSON.parse(
      execFileSync(CADDY, ['adapt', '--adapter', 'caddyfile', '--config', CADDYFILE], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, SITE_ADDRESS: 'logbook.example.com' },
        encoding: 'utf8',
      }),
    );
    const server = Object.values(json.apps.http.servers)[0] as Doc;
    expect(server.protocols).toEqual(['h1', 'h2', 'h3']);
    expect(server.routes[0].match).toEqual([{ host: ['logbook.example.com'] }]);
    const handlers = server.routes[0].handle[0].routes[0].handle as Doc[];
    expect(handlers.map((h) => h.handler)).toEqual(['encode', 'reverse_proxy']);
    expect(handlers[0].prefer).toEqual(['zstd', 'gzip']);
    expect(handlers[1].upstreams).toEqual([{ dial: 'gateway:8080' }]);
    // Caddy's own CA is never added to the trust store of the host or container.
    expect(json.apps.pki.certificate_authorities.local.install_trust).toBe(false);
  });
});

describe('the app through the edge (Caddy with that Caddyfile, in front of the stack)', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let edge: Awaited<ReturnType<typeof startEdge>>;

  beforeAll(async () => {
    // The gateway trusts its one hop in front, here on loopback, as docker-compose.yml has it trust the edge.
    stack = await startStack({ quiet: true, gatewayEnv: { TRUST_PROXY: 'loopback' } });
    edge = await startEdge({ upstream: `127.0.0.1:${new URL(stack.url).port}` });
  }, 240_000);
  afterAll(async () => {
    await edge?.stop();
    await stack?.stop();
  });

  it('serves the app over HTTPS with HTTP/2', () => {
    const version = execFileSync(
      'curl',
      ['--http2', '-sk', '-o', '/dev/null', '-w', '%{http_version}', `${edge.url}/`],
      {
        encoding: 'utf8',
      },
    );
    expect(version).toBe('2');
  });

  it('redirects plain HTTP to the same address over HTTPS', async () => {
    const res = await fetch(`${edge.httpUrl}/login?next=%2Fdashboard`, { redirect: 'manual' });
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(`${edge.url}/login?next=%2Fdashboard`);
  });

  it("passes on the gateway's answers, with HSTS since the caller came over HTTPS", async () => {
    const res = await insecureGet(`${edge.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('lets a parent register and sign in in the browser and keeps them signed in, with Secure cookies', async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      // Caddy's own CA for localhost: trusted here only.
      args: [...CHROMIUM_FLAGS, '--ignore-certificate-errors'],
    });
    try {
      const page = await browser.newPage();
      const email = uniqueEmail('edge');
      const password = 'learner-plates-7';
      await page.goto(`${edge.url}/register`);
      // Fetched over HTTP/2 (before any service worker could answer instead).
      const protocol = await page.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
      );
      expect(protocol).toBe('h2');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Create account', exact: true }).click();
      await expectToast(page, TOASTS.registrationSuccess.title, TOASTS.registrationSuccess.description);
      await expectPath(page, '/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectPath(page, '/dashboard');
      await expectHeading(page, 'Your Students');

      const cookies = await page.context().cookies(edge.url);
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies)
        expect({ name: cookie.name, secure: cookie.secure }).toEqual({ name: cookie.name, secure: true });
      // Opened again, the app is still signed in.
      await page.goto(`${edge.url}/`);
      await expectPath(page, '/dashboard');
      await expectHeading(page, 'Your Students');
    } finally {
      await browser.close();
    }
  });
});
