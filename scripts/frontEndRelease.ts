// What every front-end build says about itself (version.json), and the shared packages it is built with, read by all
// four vite configs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { packageOf, sharedSingletons, type SharedEntry } from './federationShared';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export interface SharedVersion {
  version: string;
  requiredVersion: string;
}

/** The release identity of one build; the services' health routes answer the same shape. */
export interface ReleaseInfo {
  name: string;
  version: string;
  commit: string;
  builtAt: string;
  shared: Record<string, SharedVersion>;
  /**
   * A remote's files each exposed module needs before it can draw, relative to the entry: its entry's own imports, the
   * module's chunk and every chunk that one imports statically, and their style sheets. A page fetches them all at
   * once as it starts opening the screen instead of discovering them one import after another.
   */
  firstView?: Record<string, string[]>;
  /** For an exposed screen that draws other remotes' modules as it opens: each such remote and those modules. */
  firstEmbeds?: Record<string, Record<string, string[]>>;
}

/** The commit being built: GIT_COMMIT where the build is given one (images), else the working tree's. */
export function buildCommit(): string {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * The shared singletons of an app, with the versions its build declares. LOGBOOK_SHARED_VERSIONS (JSON, name to
 * version) builds the app as if it were built against other versions of shared packages: how a release made against
 * a newer shared package is rehearsed before the shell offers it.
 */
export function sharedPackages(appDir: string): Record<string, SharedEntry> {
  const shared = sharedSingletons(appDir);
  const overrides = process.env.LOGBOOK_SHARED_VERSIONS;
  if (!overrides) return shared;
  for (const [name, version] of Object.entries(JSON.parse(overrides) as Record<string, string>)) {
    const key = Object.keys(shared).find((k) => packageOf(k) === name);
    if (!key) throw new Error(`LOGBOOK_SHARED_VERSIONS names ${name}, which is not shared`);
    shared[key] = { ...shared[key], version, requiredVersion: `^${version}` };
  }
  return shared;
}

/** By package name (a workspace package by the name of the package its shared entry belongs to). */
export function sharedVersions(shared: Record<string, SharedEntry>): Record<string, SharedVersion> {
  return Object.fromEntries(
    Object.entries(shared).map(([name, e]) => [
      packageOf(name),
      { version: e.version, requiredVersion: e.requiredVersion },
    ]),
  );
}

/**
 * The federation runtime: the shell loads it and publishes it on the page, and the remotes (built with
 * `experiments.externalRuntime`) use that one copy instead of bringing their own. A remote's version.json names the
 * range it needs like a shared package, so a page with another runtime, or none, refuses it cleanly.
 */
const FEDERATION_RUNTIME = '@module-federation/runtime-core';

/** The installed federation runtime's version, and the range a remote built with it needs (same major, not older). */
function federationRuntime(appDir: string): SharedVersion {
  const require = createRequire(join(appDir, 'package.json'));
  // The package's exports do not offer its package.json: it sits above the entry's dist folder.
  const entry = require.resolve(FEDERATION_RUNTIME);
  const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return { version: pkg.version, requiredVersion: `^${pkg.version}` };
}

/** What a build is made with, by package: its shared packages and the federation runtime. */
export function releaseVersions(appDir: string, shared: Record<string, SharedEntry>): Record<string, SharedVersion> {
  return { ...sharedVersions(shared), [FEDERATION_RUNTIME]: federationRuntime(appDir) };
}

const isChunk = (file: OutputBundle[string] | undefined): file is OutputChunk => file?.type === 'chunk';

/** The files a remote's exposed modules need first (ReleaseInfo.firstView), read from the finished bundle. */
export function firstViewFiles(
  bundle: OutputBundle,
  appDir: string,
  exposes: Record<string, string>,
  entryFile = 'remoteEntry.js',
  firstEmbeds: ReleaseInfo['firstEmbeds'] = {},
): Record<string, string[]> {
  const entry = bundle[entryFile];
  if (!isChunk(entry)) throw new Error(`${entryFile} is not in the bundle`);
  const chunks = Object.values(bundle).filter(isChunk);
  const closure = (start: OutputChunk[]): string[] => {
    const seen = new Set<string>();
    const files: string[] = [];
    const visit = (chunk: OutputChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      if (chunk !== entry) files.push(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) if (!files.includes(css)) files.push(css);
      for (const imported of chunk.imports) {
        const next = bundle[imported];
        if (isChunk(next)) visit(next);
      }
    };
    start.forEach(visit);
    return files;
  };
  const exposed = Object.entries(exposes).map(([key, source]) => {
    const module = resolve(appDir, source);
    const facade = chunks.find((c) => c.moduleIds.includes(module));
    if (!facade) throw new Error(`No chunk holds ${source}, exposed as ${key}`);
    // The entry imports a small chunk that re-exports the module's own: both, and what they import.
    const wrapper = chunks.find(
      (c) => entry.dynamicImports.includes(c.fileName) && (c === facade || c.imports.includes(facade.fileName)),
    );
    return { key, start: [...(wrapper && wrapper !== facade ? [wrapper] : []), facade] };
  });
  // What the entry imports as it starts, before any exposed module: the map of its shared modules.
  const wrappers = new Set(exposed.flatMap(({ start }) => start.map((c) => c.fileName)));
  const starting = entry.dynamicImports
    .filter((file) => !wrappers.has(file))
    .map((file) => bundle[file])
    .filter(isChunk);
  // A screen that draws other remotes' modules as it opens loads each through a small module of its own (the
  // federation plugin's `loadRemote` glue, named after the module): those are needed first too, not found only once
  // the screen has drawn.
  const embedGlue = (key: string, files: string[]): OutputChunk[] => {
    const names = Object.entries(firstEmbeds[key] ?? {}).flatMap(([remote, modules]) =>
      modules.map((m) => `__loadRemote__${remote}_mf_1_${m.replace(/^\.\//, '')}__`),
    );
    const lazy = files.flatMap((file) => (isChunk(bundle[file]) ? (bundle[file] as OutputChunk).dynamicImports : []));
    const glue = lazy
      .filter((file) => names.some((name) => file.includes(name)))
      .map((file) => bundle[file])
      .filter(isChunk);
    // Each glue module starts by loading this remote's own federation instance (hostInit), which it imports lazily.
    const hostInit = glue.flatMap((chunk) => chunk.dynamicImports.map((file) => bundle[file]).filter(isChunk));
    return [...glue, ...hostInit];
  };
  return Object.fromEntries(
    exposed.map(({ key, start }) => {
      const files = closure([entry, ...starting, ...start]);
      return [key, closure([entry, ...starting, ...start, ...embedGlue(key, files)])];
    }),
  );
}

/**
 * Writes dist/version.json: name, version, commit, build time and the shared packages the build was made with, and
 * for a remote (which names what it `exposes`), the files each exposed module needs first.
 */
export function releaseManifest(
  appDir: string,
  shared: Record<string, SharedEntry>,
  { exposes, firstEmbeds }: { exposes?: Record<string, string>; firstEmbeds?: ReleaseInfo['firstEmbeds'] } = {},
): Plugin {
  return {
    name: 'logbook-release-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const pkg = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as { name: string; version: string };
      const info: ReleaseInfo = {
        name: pkg.name,
        version: pkg.version,
        commit: buildCommit(),
        builtAt: new Date().toISOString(),
        shared: releaseVersions(appDir, shared),
        ...(exposes ? { firstView: firstViewFiles(bundle, appDir, exposes, 'remoteEntry.js', firstEmbeds) } : {}),
        ...(firstEmbeds ? { firstEmbeds } : {}),
      };
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify(info, null, 2)}\n` });
    },
  };
}
