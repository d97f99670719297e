import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import contractsPackage from '@logbook/contracts/package.json';
import serviceKitPackage from '../package.json';

/** What a running piece is: the same shape every front end's version.json has. */
export interface ReleaseInfo {
  name: string;
  version: string;
  commit: string;
  builtAt: string | null;
  shared: Record<string, { version: string }>;
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };

/** The app's own package.json: beside the working directory in the images and the repository alike. */
function appPackage(name: string): { version: string } {
  for (const file of [path.join(process.cwd(), name, 'package.json'), path.join(process.cwd(), 'package.json')]) {
    try {
      const pkg = readJson(file);
      if (pkg.name === name && pkg.version) return { version: pkg.version };
    } catch {
      // not here
    }
  }
  return { version: '0.0.0' };
}

/** An npm package's installed version, when it is installed where the app runs. */
function installed(name: string): string | undefined {
  try {
    return readJson(require.resolve(`${name}/package.json`, { paths: [process.cwd()] })).version;
  } catch {
    return undefined;
  }
}

function commit(): string {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return 'unknown';
  }
}

const cache = new Map<string, ReleaseInfo>();

/**
 * The release identity of a service or the gateway, worked out once: GIT_COMMIT and BUILD_TIME are set in the images
 * at build time; the shared packages are the workspace packages compiled in and the libraries the API depends on.
 */
export function releaseInfo(name: string): ReleaseInfo {
  const known = cache.get(name);
  if (known) return known;
  const shared: ReleaseInfo['shared'] = {
    '@logbook/contracts': { version: contractsPackage.version },
    '@logbook/service-kit': { version: serviceKitPackage.version },
  };
  for (const lib of ['express', 'mongoose', 'zod']) {
    const version = installed(lib);
    if (version) shared[lib] = { version };
  }
  const info: ReleaseInfo = {
    name,
    version: appPackage(name).version,
    commit: commit(),
    builtAt: process.env.BUILD_TIME || null,
    shared,
  };
  cache.set(name, info);
  return info;
}
