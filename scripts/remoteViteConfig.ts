import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type PluginOption, type UserConfigExport } from 'vite';
import { federation } from '@module-federation/vite';
import { packageOf, WORKSPACE_ENTRIES } from './federationShared';
import { releaseManifest, sharedPackages } from './frontEndRelease';
import { screenFrames } from './screenFrames';

type FederationOptions = Parameters<typeof federation>[0];

export interface RemoteOptions {
  /** The remote's folder (where its package.json is). */
  appDir: string;
  /** Its federation name (`mf_parent`), also the global its entry publishes. */
  name: string;
  exposes: FederationOptions['exposes'];
  /** Other remotes it loads itself. */
  remotes?: FederationOptions['remotes'];
  /**
   * The other remotes' modules an exposed screen draws as it opens (by remote name, then module), written into
   * version.json so the page fetches them alongside the screen's own files.
   */
  firstEmbeds?: Record<string, Record<string, string[]>>;
  /**
   * The module whose `renderFrames()` draws the frames of the screens this remote publishes one for (frames.json):
   * what the shell paints at those addresses before any script has run.
   */
  frames?: string;
  /** Its standalone dev and preview port. */
  port: number;
  define?: Record<string, string>;
  /** The remote's own React plugin (each front end installs its own). */
  react: () => PluginOption;
}

const THROUGH = '\0through-entry:';
const PACKAGES = join(dirname(fileURLToPath(import.meta.url)), '../packages');

/** Each shared entry's file and the files its `export *` lines name, by entry. */
function entryFiles(): Array<{ entry: string; files: Set<string> }> {
  return WORKSPACE_ENTRIES.map((entry) => {
    const file = join(PACKAGES, packageOf(entry).slice('@logbook/'.length), 'src', `${entry.replace(/^.*\//, '')}.ts`);
    const named = [...readFileSync(file, 'utf8').matchAll(/^export \* from '(\.[^']+)';$/gm)].map((m) => m[1]);
    return { entry, files: new Set([file, ...named.map((n) => join(dirname(file), `${n}.ts`))]) };
  });
}

/**
 * In a remote a workspace package's files are reached through its shared entry alone: a file the entry holds, imported
 * by code outside the entry (a form's schemas, the ui kit's links), is read from the entry the shell shares, never
 * bundled again as a copy.
 */
export function throughSharedEntries(): Plugin {
  const entries = entryFiles();
  return {
    name: 'logbook:through-shared-entries',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !(source.startsWith('.') || source.startsWith('@logbook/'))) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      const owner = resolved && entries.find(({ files }) => files.has(resolved.id.replace(/\.tsx$/, '.ts')));
      if (!owner || owner.files.has(importer.replace(/\.tsx$/, '.ts'))) return null;
      return `${THROUGH}${owner.entry}`;
    },
    // The entry is named from a module of our own: the federation plugin takes an import inside a package's own files
    // for that package's copy.
    load: (id) => (id.startsWith(THROUGH) ? `export * from '${id.slice(THROUGH.length)}';` : null),
  };
}

/**
 * A remote's Vite config. Standalone dev talks to the gateway for /api (and for other remotes' entries under /mf);
 * behind the gateway the remote is served from /mf/<name>/, hence the relative base.
 */
export function remoteViteConfig(options: RemoteOptions): UserConfigExport {
  const { appDir, name, exposes, remotes, firstEmbeds, frames, port, define, react } = options;
  const shared = sharedPackages(appDir);
  const gateway = process.env.LOGBOOK_GATEWAY_URL ?? 'http://localhost:8080';
  // The Host header is kept so the gateway's same-origin rule for sign-in and other writes accepts this dev server.
  const proxy = { '/api': { target: gateway, changeOrigin: false }, '/mf': gateway };
  return defineConfig(({ command }) => ({
    base: './',
    define,
    plugins: [
      throughSharedEntries(),
      federation({
        name,
        filename: 'remoteEntry.js',
        exposes,
        remotes,
        // Built, a remote always runs in the shell, which offers every shared module: the remote carries no copy of the
        // workspace entries (a copy would be loaded with the module that asks the shell for it).
        shared:
          command === 'build'
            ? Object.fromEntries(
                Object.entries(shared).map(([key, entry]) => [
                  key,
                  WORKSPACE_ENTRIES.includes(key) ? { ...entry, import: false as const } : entry,
                ]),
              )
            : shared,
        dts: false,
        dev: { remoteHmr: true },
        // Built, the remote uses the page's federation runtime (the shell's, on globalThis._FEDERATION_RUNTIME_CORE):
        // one runtime per page, not one per remote. Run on its own for development, it brings its own.
        experiments: { externalRuntime: command === 'build' },
      }),
      react(),
      releaseManifest(appDir, shared, { exposes: exposes as Record<string, string>, firstEmbeds }),
      screenFrames(appDir, frames, exposes as Record<string, string>, react),
    ],
    server: { port, strictPort: true, proxy },
    preview: { port, strictPort: true, proxy },
    build: {
      target: 'es2022',
      outDir: 'dist',
      emptyOutDir: true,
      // The build is the remote entry and what it exposes: index.html, the page that runs the remote on its own, is for
      // `npm run dev` alone, so nothing it imports (its router, its own root and toasts) is built into the remote's
      // files or listed among the shared modules every screen's first view prepares.
      rollupOptions: { input: [] },
    },
  }));
}
