// Compiles a service (or the gateway) to one JavaScript file for its image: `node scripts/build-service.mjs svc-auth`
// writes svc-auth/dist/server.js. The workspace packages (@logbook/*) are compiled in, since they are published as
// TypeScript sources; every npm dependency stays an import, installed in the image with `npm install --omit=dev`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './paths.mjs';

export const SERVICES = ['svc-auth', 'svc-students', 'svc-billing', 'svc-logbook', 'gateway'];

/** Extra entry points some services run besides their server (command-line tools). */
const EXTRA_ENTRIES = {
  'svc-billing': { 'coupons-cli': 'src/coupons/cli.ts', 'dead-events-cli': 'src/webhooks/dead-events-cli.ts' },
};

/** Files of npm packages some services serve as they are, copied beside the compiled file (dist/<where>). */
const EXTRA_FILES = { gateway: { 'docs/redoc.standalone.js': 'redoc/bundles/redoc.standalone.js' } };

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** Every npm package the service may import at run time: its own, and those of the workspace packages it compiles in. */
function externalPackages(dir) {
  const names = new Set();
  for (const workspace of [dir, 'packages/contracts', 'packages/service-kit']) {
    const pkg = readJson(path.join(ROOT, workspace, 'package.json'));
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
      for (const name of Object.keys(pkg[field] ?? {})) if (!name.startsWith('@logbook/')) names.add(name);
    }
  }
  // The embedded database is for development and tests only; production images never carry it.
  names.add('mongodb-memory-server');
  names.add('@jongodb/memory-server-bin-linux-x64-gnu');
  return [...names];
}

export async function buildService(dir) {
  if (!SERVICES.includes(dir)) throw new Error(`Unknown service ${dir}: one of ${SERVICES.join(', ')}`);
  const entryPoints = { server: path.join(ROOT, dir, 'src/server.ts') };
  for (const [name, file] of Object.entries(EXTRA_ENTRIES[dir] ?? {})) entryPoints[name] = path.join(ROOT, dir, file);
  const outdir = path.join(ROOT, dir, 'dist');
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
    external: externalPackages(dir),
  });
  const resolve = createRequire(path.join(ROOT, dir, 'package.json')).resolve;
  for (const [where, file] of Object.entries(EXTRA_FILES[dir] ?? {})) {
    fs.mkdirSync(path.dirname(path.join(outdir, where)), { recursive: true });
    fs.copyFileSync(resolve(file), path.join(outdir, where));
  }
  return outdir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const targets = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  try {
    for (const dir of targets.length ? targets : SERVICES) {
      await buildService(dir);
      console.log(`Built ${dir}/dist/server.js`);
    }
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
