import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The system packages the tests need: one list, which the README, CI and `npm test` all go by. */
const ROOT = path.resolve(__dirname, '../..');
const CHECK = path.join(ROOT, 'scripts/system-packages/check.cjs');
const { systemPackages, missingPackages } = require(CHECK) as {
  systemPackages: () => Array<{ name: string; projects: string[] }>;
  missingPackages: (projects: string[] | undefined, env: NodeJS.ProcessEnv) => string[];
};
const NAMES = ['chromium', 'nginx', 'poppler-utils', 'fonts-dejavu-core', 'caddy', 'docker-compose'];
const UNIT_PROJECTS = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
  .scripts['test:unit'].replace(/^jest --selectProjects /, '')
  .split(' ') as string[];

/** A directory of stand-in commands, each noting its arguments in calls.log; `sudo` runs what it is given. */
function stubs(names: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logbook-stubs-'));
  for (const name of names) {
    const body = name === 'sudo' ? 'exec "$@"' : `echo "${name} $*" >> "${dir}/calls.log"`;
    fs.writeFileSync(path.join(dir, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  }
  return dir;
}

/** An environment with no nginx anywhere the tests look, and everything else the tests need standing in. */
function withoutNginx(): NodeJS.ProcessEnv {
  const bin = stubs(['chromium', 'pdftoppm', 'caddy', 'docker-compose', 'apt-get', 'sudo']);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${bin}:${path.dirname(process.execPath)}:/usr/bin:/bin`,
    CHROMIUM_PATH: path.join(bin, 'chromium'),
    NGINX_PATH: path.join(bin, 'no-such-nginx'),
    CADDY_PATH: path.join(bin, 'caddy'),
  };
  delete env.JEST_WORKER_ID;
  return env;
}

const fontInstalled = fs.existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf');

it('lists every package the suite needs, each with the projects that use it', () => {
  expect(systemPackages().map((p) => p.name)).toEqual(NAMES);
  const projects = Object.fromEntries(systemPackages().map((p) => [p.name, p.projects]));
  for (const name of ['chromium', 'nginx', 'poppler-utils', 'fonts-dejavu-core'])
    expect(projects[name]).toContain('e2e');
  // The HTTPS edge's tests: the compose file checked, and a browser signing in through Caddy.
  for (const name of ['caddy', 'docker-compose', 'chromium']) expect(projects[name]).toContain('deploy');
});

it('names every package, and the command that installs them, in the README and in CI', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const test = readme.slice(readme.indexOf('## Test'), readme.indexOf('\n## ', readme.indexOf('## Test') + 1));
  expect(test).toMatch(/```sh\nbash scripts\/system-packages\/install\.sh\nnpm install && npm test\n```/);
  expect(test).toContain(`apt-get install -y ${NAMES.join(' ')}`);
  for (const name of NAMES) expect(test).toContain(`\`${name}\``);
  const ci = fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8');
  expect(ci).toContain('bash scripts/system-packages/install.sh');
  expect(ci).not.toMatch(/apt-get install/);
});

it('installs with apt-get only what is missing', () => {
  const env = withoutNginx();
  const run = spawnSync('bash', [path.join(ROOT, 'scripts/system-packages/install.sh')], { env, encoding: 'utf8' });
  expect(run.status).toBe(0);
  const expected = ['nginx', ...(fontInstalled ? [] : ['fonts-dejavu-core'])].join(' ');
  expect(run.stdout).toContain(`Installing ${expected}`);
  const calls = fs.readFileSync(path.join(path.dirname(env.CHROMIUM_PATH!), 'calls.log'), 'utf8');
  expect(calls).toBe(`apt-get update -qq\napt-get install -y -qq ${expected}\n`);
});

it('asks for nginx only where the browser journeys run: the unit and service tests never need it', () => {
  const env = withoutNginx();
  expect(missingPackages(['e2e'], env)).toContain('nginx');
  for (const project of UNIT_PROJECTS) expect(missingPackages([project], env)).not.toContain('nginx');
  expect(missingPackages(['svc-logbook'], { ...env, PATH: '/nonexistent' })).toEqual(['poppler-utils']);
  expect(missingPackages(['contracts'], { PATH: '/nonexistent' })).toEqual([]);
  expect(missingPackages(['deploy'], { PATH: '/nonexistent', CHROMIUM_PATH: env.CHROMIUM_PATH })).toEqual([
    'caddy',
    'docker-compose',
  ]);
  // Found where the tests look for it: NGINX_PATH when set, else /usr/sbin/nginx or the PATH.
  expect(missingPackages(['e2e'], { ...env, NGINX_PATH: env.CHROMIUM_PATH })).not.toContain('nginx');
  const onPath = stubs(['nginx']);
  expect(missingPackages(['e2e'], { ...env, NGINX_PATH: undefined, PATH: `${onPath}:${env.PATH}` })).not.toContain(
    'nginx',
  );
});

it('stops `npm test` at once, before any test, with one line saying what to install', () => {
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--selectProjects', 'e2e', '-t', 'no journey has this name'],
    { cwd: ROOT, env: withoutNginx(), encoding: 'utf8', timeout: 60_000 },
  );
  expect(run.status).toBe(1);
  const lines = run.stderr.split('\n').filter((line) => line.startsWith('Missing system packages'));
  expect(lines).toEqual([
    `Missing system packages: ${['nginx', ...(fontInstalled ? [] : ['fonts-dejavu-core'])].join(', ')}. Install them ` +
      `with: bash scripts/system-packages/install.sh (apt-get install -y ${NAMES.join(' ')})`,
  ]);
  expect(run.stderr).not.toMatch(/Test Suites:/);
});
