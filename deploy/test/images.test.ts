import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SERVICES = ['svc-auth', 'svc-students', 'svc-billing', 'svc-logbook', 'gateway'];
/** The Node.js line the images run: the current Active LTS. */
const LTS_MAJOR = 26;
/** Packages for development and tests only, which a production install must never carry. */
const DEV_ONLY = [
  '@jongodb/memory-server-bin-linux-x64-gnu',
  'mongodb-memory-server',
  'mongodb-memory-server-core',
  'tsx',
];

function productionPackages(workspace: string, omitDev = true): string[] {
  const args = ['ls', '--all', '--parseable', '--workspace', workspace, ...(omitDev ? ['--omit=dev'] : [])];
  const out = execFileSync('npm', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(line.lastIndexOf('node_modules/') + 'node_modules/'.length));
}

/** The one recipe every service's and the gateway's image is built from, each with its own WORKSPACE. */
const dockerfile = fs.readFileSync(path.join(ROOT, 'deploy/images/service.Dockerfile'), 'utf8');

/** What the image of `workspace` runs: the recipe's command with the workspace the image was built for. */
function imageCommand(workspace: string): string[] {
  const cmd = JSON.parse(/^CMD (.*)$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
  expect(cmd.slice(0, 2)).toEqual(['/bin/sh', '-c']);
  return execFileSync('/bin/sh', ['-c', cmd[2].replace(/^exec /, 'printf "%s\\n" ')], {
    env: { WORKSPACE: workspace, PATH: process.env.PATH },
    encoding: 'utf8',
  })
    .trim()
    .split('\n');
}

describe.each(SERVICES)('%s image', (name) => {
  it('is built on the Node.js LTS image and runs compiled JavaScript', () => {
    expect(dockerfile).toMatch(new RegExp(`^ARG NODE_IMAGE=node:${LTS_MAJOR}-slim$`, 'm'));
    expect(dockerfile).not.toMatch(/node:20/);
    expect(dockerfile).toMatch(/^ENV .*WORKSPACE=\$\{WORKSPACE\}/m);
    expect(imageCommand(name)).toEqual(['node', '--enable-source-maps', `${name}/dist/server.js`]);
    expect(dockerfile).not.toMatch(/tsx|\.ts"/);
  });

  it('installs production dependencies without the embedded database or the TypeScript runner', () => {
    expect(dockerfile).toMatch(/npm install --omit=dev .*--workspace \$\{WORKSPACE\} /);
    const production = productionPackages(name);
    expect(production.length).toBeGreaterThan(20);
    for (const pkg of DEV_ONLY) expect(production).not.toContain(pkg);
  });
});

it('keeps the embedded database in development installs, where the services and tests use it', () => {
  const all = productionPackages('@logbook/service-kit', false);
  expect(all).toContain('mongodb-memory-server');
});

it('declares the in-memory server binary optional, so other platforms can install the project', () => {
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  expect(Object.keys(root.optionalDependencies ?? {})).toContain('@jongodb/memory-server-bin-linux-x64-gnu');
  for (const dir of ['packages/service-kit', ...SERVICES]) {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
    for (const dev of DEV_ONLY) expect(Object.keys(pkg.dependencies ?? {})).not.toContain(dev);
  }
});

describe('compiled services', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill('SIGTERM')));

  const freePort = () =>
    new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });

  /** A service's own health check; the gateway's reports its upstreams (none run here), so any report will do. */
  async function healthy(name: string, port: number, child: ChildProcess, log: () => string) {
    const url = `http://127.0.0.1:${port}${name === 'gateway' ? '/api/health' : '/health'}`;
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${log()}`);
      const ok = await fetch(url).then(
        async (r) => (name === 'gateway' ? 'services' in ((await r.json()) as object) : r.ok),
        () => false,
      );
      if (ok) return true;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`not healthy: ${log()}`);
  }

  it.each(SERVICES)(
    '%s starts from its compiled file and answers its health check',
    async (name) => {
      execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-service.mjs'), name], { cwd: ROOT });
      const entry = path.join(ROOT, name, 'dist/server.js');
      expect(fs.readFileSync(entry, 'utf8')).not.toMatch(/require\("@logbook\//);
      // The API reader's script is served from beside the compiled gateway: its image has no other copy.
      expect(fs.existsSync(path.join(ROOT, name, 'dist/docs/redoc.standalone.js'))).toBe(name === 'gateway');
      const port = await freePort();
      const child = spawn(process.execPath, [entry], {
        cwd: ROOT,
        env: { ...process.env, PORT: String(port), MONGODB_DB: `images_${name.replace('-', '_')}`, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let out = '';
      child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
      await expect(healthy(name, port, child, () => out)).resolves.toBe(true);
    },
    60_000,
  );
});
