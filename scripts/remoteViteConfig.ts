import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type PluginOption, type UserConfigExport } from 'vite';
import { federation } from '@module-federation/vite';
import { FEDERATION_RUNTIME, federationRuntime, releaseManifest, sharedPackages } from './frontEndRelease';
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

const CONTRACTS_SRC = join(dirname(fileURLToPath(import.meta.url)), '../packages/contracts/src');
const VIEW_PROXY = '\0contracts-view';

/**
 * The contracts' files the shared entry `@logbook/contracts/view` is made of (the files its `export *` lines name), the
 * entry itself among them.
 */
function viewFiles(): Set<string> {
  const entry = readFileSync(join(CONTRACTS_SRC, 'view.ts'), 'utf8');
  return new Set(['view', ...[...entry.matchAll(/^export \* from '\.\/([\w-]+)';$/gm)].map((m) => m[1])]);
}

/**
 * The schemas a remote bundles for its forms (by path) import the rest of the contracts by path too: those parts are
 * read from the shared entry the screens already loaded, not bundled again beside the schemas.
 */
export function contractsThroughView(): Plugin {
  const shared = viewFiles();
  const base = (file: string) => file.replace(/^.*[\\/]/, '').replace(/\.ts$/, '');
  return {
    name: 'logbook:contracts-through-view',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !importer.startsWith(CONTRACTS_SRC) || shared.has(base(importer))) return null;
      if (!source.startsWith('./') || !shared.has(base(source))) return null;
      return VIEW_PROXY;
    },
    load(id) {
      return id === VIEW_PROXY ? "export * from '@logbook/contracts/view';" : null;
    },
  };
}

/**
 * A remote's Vite config. Standalone dev talks to the gateway for /api (and for other remotes' entries under /mf);
 * behind the gateway the remote is served from /mf/<name>/, hence the relative base.
 */
export function remoteViteConfig({
  appDir,
  name,
  exposes,
  remotes,
  firstEmbeds,
  frames,
  port,
  define,
  react,
}: RemoteOptions): UserConfigExport {
  const shared = sharedPackages(appDir);
  const gateway = process.env.LOGBOOK_GATEWAY_URL ?? 'http://localhost:8080';
  // The Host header is kept so the gateway's same-origin rule for sign-in and other writes accepts this dev server.
  const proxy = { '/api': { target: gateway, changeOrigin: false }, '/mf': gateway };
  return defineConfig(({ command }) => ({
    base: './',
    define,
    plugins: [
      contractsThroughView(),
      federation({
        name,
        filename: 'remoteEntry.js',
        exposes,
        remotes,
        shared,
        dts: false,
        dev: { remoteHmr: true },
        // Built, the remote uses the page's federation runtime (the shell's, on globalThis._FEDERATION_RUNTIME_CORE):
        // one runtime per page, not one per remote. Run on its own for development, it brings its own.
        experiments: { externalRuntime: command === 'build' },
      }),
      react(),
      releaseManifest(
        appDir,
        shared,
        { [FEDERATION_RUNTIME]: federationRuntime(appDir) },
        exposes as Record<string, string>,
        firstEmbeds,
      ),
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
