import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export interface ReleaseBuildOptions {
  /** Source edits made in the copy before it is built: file (relative to the app) to its new text. */
  edit?: Record<string, (text: string) => string>;
  env?: Record<string, string>;
}

/**
 * Builds a front end as a later release would be: from a copy of its folder, beside links to the same packages and
 * node_modules, so the working tree and its dist/ stay as they are. Returns the output directory.
 */
export function buildRelease(app: string, opts: ReleaseBuildOptions = {}): string {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `logbook-release-${app}-`));
  for (const shared of ['packages', 'scripts', 'node_modules']) {
    fs.symlinkSync(path.join(ROOT, shared), path.join(work, shared));
  }
  fs.cpSync(path.join(ROOT, app), path.join(work, app), {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|dist)$/.test(src),
  });
  return buildIn(work, app, opts);
}

/**
 * Builds a front end as an earlier commit had it (its packages too), with today's installed libraries: the release
 * that is still in users' browsers.
 */
export function buildReleaseAt(commit: string, app: string): string {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `logbook-release-${app}-${commit.slice(0, 8)}-`));
  const tree = execFileSync('git', ['archive', '--format=tar', commit, 'package.json', 'packages', 'scripts', app], {
    cwd: ROOT,
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', work], { input: tree });
  // The libraries as installed, but the workspace packages of that commit.
  fs.mkdirSync(path.join(work, 'node_modules', '@logbook'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '@logbook') continue;
    fs.symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(work, 'node_modules', entry));
  }
  for (const pkg of fs.readdirSync(path.join(work, 'packages'))) {
    const name = JSON.parse(fs.readFileSync(path.join(work, 'packages', pkg, 'package.json'), 'utf8')).name as string;
    fs.symlinkSync(path.join(work, 'packages', pkg), path.join(work, 'node_modules', name));
  }
  return buildIn(work, app, {});
}

function buildIn(work: string, app: string, opts: ReleaseBuildOptions): string {
  const appDir = path.join(work, app);
  if (fs.existsSync(path.join(ROOT, app, 'node_modules'))) {
    fs.symlinkSync(path.join(ROOT, app, 'node_modules'), path.join(appDir, 'node_modules'));
  }
  for (const [file, change] of Object.entries(opts.edit ?? {})) {
    const target = path.join(appDir, file);
    fs.writeFileSync(target, change(fs.readFileSync(target, 'utf8')));
  }
  const outDir = path.join(work, 'release');
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--logLevel', 'warn'],
    {
      cwd: appDir,
      // Under jest's NODE_ENV=test and worker id the federation plugin leaves the remote entry and imports out.
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'JEST_WORKER_ID')),
        NODE_ENV: 'production',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return outDir;
}
