import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { generateKeyPair } from '@logbook/service-kit/keys';
import { mailProblems, productionProblems, secureCookiesSetting } from '@logbook/service-kit/production';

const ROOT = path.resolve(__dirname, '../../..');

describe('production settings', () => {
  const prod = { NODE_ENV: 'production' } as NodeJS.ProcessEnv;

  it('asks for nothing outside production', () => {
    expect(productionProblems({ NODE_ENV: 'development' } as NodeJS.ProcessEnv)).toEqual([]);
    expect(secureCookiesSetting({ NODE_ENV: 'development' } as NodeJS.ProcessEnv)).toBe(false);
  });

  it('needs PUBLIC_ORIGIN, and https unless it is localhost', () => {
    expect(productionProblems(prod).join()).toMatch(/PUBLIC_ORIGIN must be set/);
    expect(productionProblems({ ...prod, PUBLIC_ORIGIN: 'not a url' }).join()).toMatch(/not an origin/);
    expect(productionProblems({ ...prod, PUBLIC_ORIGIN: 'http://logbook.example.com' }).join()).toMatch(/https/);
    expect(productionProblems({ ...prod, PUBLIC_ORIGIN: 'https://logbook.example.com' })).toEqual([]);
    expect(productionProblems({ ...prod, PUBLIC_ORIGIN: 'http://localhost:8080' })).toEqual([]);
  });

  it('marks cookies Secure by default in production and refuses turning that off for a public origin', () => {
    expect(secureCookiesSetting(prod)).toBe(true);
    expect(secureCookiesSetting({ ...prod, COOKIE_SECURE: 'false' })).toBe(false);
    const off = { ...prod, COOKIE_SECURE: 'false' };
    expect(productionProblems({ ...off, PUBLIC_ORIGIN: 'https://logbook.example.com' }).join()).toMatch(
      /COOKIE_SECURE/,
    );
    expect(productionProblems({ ...off, PUBLIC_ORIGIN: 'http://localhost:8080' })).toEqual([]);
  });
});

/** Starts an entry point as production would, with fresh token keys and the settings given; returns what it said. */
function startInProduction(entry: string, env: NodeJS.ProcessEnv) {
  const { publicKey, privateKey } = generateKeyPair();
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30_000,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: '0',
      JWT_PUBLIC_KEY: publicKey,
      JWT_PRIVATE_KEY: privateKey,
      ...env,
    },
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe.each([
  ['svc-logbook', 'svc-logbook/src/server.ts'],
  ['gateway', 'gateway/src/server.ts'],
])('%s in production', (name, entry) => {
  it('refuses to start without PUBLIC_ORIGIN, saying what to set', () => {
    const run = startInProduction(entry, { MONGODB_URI: process.env.MONGODB_URI });
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/will not start: PUBLIC_ORIGIN must be set in production/);
  });
});

describe('a service in production', () => {
  it('refuses to start without MONGODB_URI instead of starting an embedded database', () => {
    const run = startInProduction('svc-students/src/server.ts', { PUBLIC_ORIGIN: 'https://logbook.example.com' });
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/svc-students will not start: MONGODB_URI must be set in production/);
  });
});

describe('svc-auth in production', () => {
  const settings = { PUBLIC_ORIGIN: 'https://logbook.example.com', MONGODB_URI: process.env.MONGODB_URI };

  it('needs SMTP_URL (smtp:// or smtps://) in production only', () => {
    expect(mailProblems({ NODE_ENV: 'development' } as NodeJS.ProcessEnv)).toEqual([]);
    const prod = { NODE_ENV: 'production' } as NodeJS.ProcessEnv;
    expect(mailProblems(prod).join()).toMatch(/SMTP_URL must be set in production/);
    expect(mailProblems({ ...prod, SMTP_URL: 'http://mail.example.com' }).join()).toMatch(/smtp:\/\/ or smtps:\/\//);
    expect(mailProblems({ ...prod, SMTP_URL: 'not a url' }).join()).toMatch(/not a valid address/);
    expect(mailProblems({ ...prod, SMTP_URL: 'smtps://user:pass@smtp.example.com:465' })).toEqual([]);
  });

  it('refuses to start without SMTP_URL, saying what to set', () => {
    const run = startInProduction('svc-auth/src/server.ts', settings);
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/svc-auth will not start: SMTP_URL must be set in production/);
  });
});
