// Builds the front ends. `npm run build` rebuilds all; `--if-stale` (used by npm start) only those whose
// sources changed since their last build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';

export const FRONT_ENDS = [
  { dir: 'mf-parent', marker: 'remoteEntry.js' },
  { dir: 'mf-sessions', marker: 'remoteEntry.js' },
  { dir: 'mf-student', marker: 'remoteEntry.js' },
  { dir: 'shell', marker: 'index.html' },
];
// What every front-end build reads besides its own folder and the files of scripts/ its config imports (buildScripts).
const SHARED_SOURCES = ['ui', 'shell-context', 'session-device', 'contracts'].map((p) => `packages/${p}/src`);

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/**
 * The files of scripts/ that the given files (paths from the root) import, and what those import in turn, as paths
 * from the root.
 */
export function scriptsImportedBy(files) {
  const scripts = path.join(ROOT, 'scripts') + path.sep;
  const found = new Set();
  const queue = files.map((f) => path.join(ROOT, f));
  while (queue.length) {
    const file = queue.pop();
    if (!fs.existsSync(file)) continue;
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const base = path.resolve(path.dirname(file), spec);
      const target = ['', '.ts', '.tsx', '.mjs', '.cjs']
        .map((ext) => base + ext)
        .find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      if (!target?.startsWith(scripts) || found.has(target)) continue;
      found.add(target);
      queue.push(target);
    }
  }
  return [...found].map((f) => path.relative(ROOT, f)).sort();
}

/**
 * The files of scripts/ a front end's build reads: what its vite config imports from there, and what those import in
 * turn (the remotes' shared config, the release manifest and frames writers, ...).
 */
export const buildScripts = (dir) => scriptsImportedBy([path.join(dir, 'vite.config.ts')]);

export function staleFrontEnds() {
  const shared = Math.max(...SHARED_SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  return FRONT_ENDS.filter(({ dir, marker }) => {
    const built = path.join(ROOT, dir, 'dist', marker);
    if (!fs.existsSync(built)) return true;
    const builtAt = fs.statSync(built).mtimeMs;
    const own = ['src', 'vite.config.ts', 'index.html', 'public'].map((f) => path.join(dir, f));
    const sources = Math.max(shared, ...[...own, ...buildScripts(dir)].map((f) => newestMtime(path.join(ROOT, f))));
    return sources > builtAt;
  });
}

/** Builds every front end, or only the stale ones, or only those named (`node scripts/build.mjs mf-parent`). */
export function buildFrontEnds({ onlyStale = false, only = [] } = {}) {
  const unknown = only.filter((name) => !FRONT_ENDS.some((f) => f.dir === name));
  if (unknown.length)
    throw new Error(`Unknown front end ${unknown.join(', ')}: one of ${FRONT_ENDS.map((f) => f.dir).join(', ')}`);
  const chosen = only.length ? FRONT_ENDS.filter((f) => only.includes(f.dir)) : FRONT_ENDS;
  const targets = onlyStale ? staleFrontEnds().filter((f) => chosen.includes(f)) : chosen;
  for (const { dir } of targets) {
    if (!fs.existsSync(path.join(ROOT, dir, 'vite.config.ts'))) continue;
    process.stdout.write(`Building ${dir}...\n`);
    const result = spawnSync('npm', ['run', 'build', '-w', dir], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`Building ${dir} failed`);
  }
  return targets.map((t) => t.dir);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    buildFrontEnds({
      onlyStale: process.argv.includes('--if-stale'),
      only: process.argv.slice(2).filter((a) => !a.startsWith('-')),
    });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
