/**
 * The packages the shell and every remote share as singletons, read by all four vite configs.
 * A remote that brought its own React or swr would lose the shell's providers, so any mismatch
 * between what an app declares and what is installed stops the build here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// The router is not among them: routing reaches the remotes through the shell's context (routing.ts), so the shell's
// router is its own, tree-shaken to what it uses.
const SINGLETONS = ['react', 'react-dom', 'swr'] as const;
/**
 * Of the workspace packages only each one's shared entry is shared (docs/architecture.md): any other file a remote
 * imports (a form's schemas, the sun's times) is bundled with the code that uses it.
 */
export const WORKSPACE_ENTRIES = ['@logbook/ui/shared', '@logbook/shell-context/shared', '@logbook/contracts/view'];

/** The package a shared module belongs to: '@logbook/ui' for '@logbook/ui/shared', 'react' for 'react'. */
export const packageOf = (name: string) => name.replace(/^(@[^/]+\/[^/]+)\/.*$/, '$1');

interface PackageJson {
  version?: string;
  dependencies?: Record<string, string>;
}

const readJson = (file: string): PackageJson => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

function installedVersion(appDir: string, name: string): string {
  const require = createRequire(join(appDir, 'package.json'));
  return readJson(require.resolve(`${name}/package.json`)).version ?? '0.0.0';
}

/** '^19.2.0' is met by 19.x.y ≥ 19.2.0; ranges here are always caret or exact. */
function satisfies(version: string, range: string): boolean {
  const clean = range.replace(/^[\^~=]/, '');
  const [vMaj, vMin, vPat] = version.split('.').map((n) => parseInt(n, 10));
  const [rMaj, rMin = 0, rPat = 0] = clean.split('.').map((n) => parseInt(n, 10));
  if (range.startsWith('^')) {
    if (vMaj !== rMaj) return false;
    return vMin > rMin || (vMin === rMin && vPat >= rPat);
  }
  if (range.startsWith('~')) return vMaj === rMaj && vMin === rMin && vPat >= rPat;
  return version === clean;
}

export interface SharedEntry {
  singleton: true;
  strictVersion: true;
  requiredVersion: string;
  version: string;
}

export function sharedSingletons(appDir: string): Record<string, SharedEntry> {
  const pkg = readJson(join(appDir, 'package.json'));
  const declared = pkg.dependencies ?? {};
  const shared: Record<string, SharedEntry> = {};
  const problems: string[] = [];

  // Packages are shared at the range the app declares; workspace entries at the version installed.
  const packages = [
    ...SINGLETONS.map((name) => ({ name, key: name, required: (range: string) => range })),
    ...WORKSPACE_ENTRIES.map((key) => ({ name: packageOf(key), key, required: (_: string, v: string) => `^${v}` })),
  ];
  for (const { name, key, required } of packages) {
    const range = declared[name];
    if (!range) {
      problems.push(`${name} is shared but not a dependency of ${appDir}`);
      continue;
    }
    const version = installedVersion(appDir, name);
    if (!satisfies(version, range)) problems.push(`${name}@${version} is installed but ${appDir} asks for ${range}`);
    shared[key] = { singleton: true, strictVersion: true, requiredVersion: required(range, version), version };
  }
  if (problems.length) throw new Error(`Shared singletons do not match:\n  ${problems.join('\n  ')}`);
  return shared;
}
