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
const SHARED_SOURCES = ['packages/ui/src', 'packages/shell-context/src', 'packages/contracts/src'];

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

export function staleFrontEnds() {
  const shared = Math.max(...SHARED_SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  return FRONT_ENDS.filter(({ dir, marker }) => {
    const built = path.join(ROOT, dir, 'dist', marker);
    if (!fs.existsSync(built)) return true;
    const builtAt = fs.statSync(built).mtimeMs;
    const sources = Math.max(
      shared,
      newestMtime(path.join(ROOT, dir, 'src')),
      newestMtime(path.join(ROOT, dir, 'vite.config.ts')),
      newestMtime(path.join(ROOT, dir, 'index.html')),
      newestMtime(path.join(ROOT, dir, 'public')),
    );
    return sources > builtAt;
  });
}

export function buildFrontEnds({ onlyStale = false } = {}) {
  const targets = onlyStale ? staleFrontEnds() : FRONT_ENDS;
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
    buildFrontEnds({ onlyStale: process.argv.includes('--if-stale') });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
