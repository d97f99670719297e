import { defineConfig, type PluginOption, type UserConfigExport } from 'vite';
import { federation } from '@module-federation/vite';
import { FEDERATION_RUNTIME, federationRuntime, releaseManifest, sharedPackages } from './frontEndRelease';

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
  /** Its standalone dev and preview port. */
  port: number;
  define?: Record<string, string>;
  /** The remote's own React plugin (each front end installs its own). */
  react: () => PluginOption;
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
    ],
    server: { port, strictPort: true, proxy },
    preview: { port, strictPort: true, proxy },
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  }));
}
