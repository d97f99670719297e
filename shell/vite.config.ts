import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, minifySync, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// By path: Node loads this config, and would take the package's TypeScript file as it is; a path is bundled into it.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { PRODUCT_NAME, PRODUCT_SHORT_NAME } from '../packages/contracts/src/constants';
import { releaseManifest, releaseVersions, sharedPackages } from '../scripts/frontEndRelease';
import { withBuildTimeModule } from '../scripts/screenFrames';

const appDir = fileURLToPath(new URL('.', import.meta.url));
/** Where /api and /mf go while developing: the gateway, which serves the built remotes. */
const gateway = process.env.LOGBOOK_GATEWAY_URL ?? 'http://localhost:8080';
const THEME = '#1d4ed8';

/**
 * The shell is the federation host without the federation build plugin: its first view is plain, tree-shaken code,
 * and the runtime with the shared singletons (src/features/remotes/lib/federationHost.ts) is fetched only when a
 * remote's screen opens. The versions it offers are checked here against what is installed.
 */
const shared = sharedPackages(appDir);

/** react-router's package points bundlers at its development build; the production one has no dev-only checks. */
const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

/** Writes the landing page's HTML into index.html (see src/app/prerenderLanding.tsx). */
function prerenderLanding(): Plugin {
  return {
    name: 'logbook-prerender-landing',
    apply: 'build',
    async transformIndexHtml(html) {
      const landing = await withBuildTimeModule(
        appDir,
        react,
        '/src/app/prerenderLanding.tsx',
        (m: { renderLanding: () => string }) => m.renderLanding(),
      );
      return html.replace('<!--landing-->', `<div class="landing-prerender">${landing}</div>`);
    },
  };
}

/**
 * public/page-kind.js runs on every page before anything is drawn: the build writes it minified, as it writes the rest
 * of the app's code (before the service worker's list of files is made from the output).
 */
function minifyPageKind(): Plugin {
  return {
    name: 'logbook-minify-page-kind',
    apply: 'build',
    writeBundle: {
      order: 'pre',
      handler(options) {
        const file = join(options.dir ?? join(appDir, 'dist'), 'page-kind.js');
        const { code, errors } = minifySync(file, readFileSync(file, 'utf8'));
        if (errors.length > 0) throw new Error(`page-kind.js: ${errors.map((e) => e.message).join('; ')}`);
        writeFileSync(file, code);
      },
    },
  };
}

export default defineConfig({
  base: '/',
  // The remotes run on the page's federation runtime too, which the shell publishes (federationHost.ts).
  define: { __SHARED_PACKAGES__: JSON.stringify(releaseVersions(appDir, shared)) },
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/useSyncExternalStore.ts', import.meta.url)),
      },
      { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
    ],
  },
  plugins: [
    react(),
    prerenderLanding(),
    minifyPageKind(),
    releaseManifest(appDir, shared),
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      // Registered by src/features/pwa/lib/registerServiceWorker.ts on page load.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: PRODUCT_NAME,
        short_name: PRODUCT_SHORT_NAME,
        description:
          'A digital log book for learner drivers: supervised sessions, signatures and progress to your hours.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME,
        background_color: '#f6f8fb',
        lang: 'en-AU',
        categories: ['education', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/mf\//],
        clientsClaim: true,
        skipWaiting: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // A remote's entry, its version.json and its screens' frames, as last seen, at once: a repeat visit never
            // waits on the network for them. The copy is refreshed behind the page, so the next visit has the newest release; an entry
            // whose chunks a release has since removed is what the shell's skew recovery handles (it asks for the
            // entry again under a new address, which this cache has not seen, so it comes from the network).
            urlPattern: /\/mf\/[^/]+\/(remoteEntry\.js|version\.json|frames\.json)(\?.*)?$/,
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'remote-entries',
              matchOptions: { ignoreVary: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Everything else under /mf/ has a content hash in its name, so a cached copy is always right.
            urlPattern: /\/mf\/[^/]+\/assets\/.+$/,
            handler: 'CacheFirst',
            options: {
              cacheName: 'remote-chunks',
              matchOptions: { ignoreVary: true },
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60 },
            },
          },
        ],
      },
    }),
  ],
  server: { port: 5173, strictPort: true, proxy: { '/api': gateway, '/mf': gateway } },
  preview: { port: 4173, strictPort: true, proxy: { '/api': gateway, '/mf': gateway } },
  // Browsers preload modules themselves (Safari from 17); one that cannot fetches each module as it is imported.
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, modulePreload: { polyfill: false } },
});
