import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { PRODUCT_NAME, PRODUCT_SHORT_NAME } from '../packages/contracts/src/constants';
import { releaseManifest, sharedPackages } from '../scripts/frontEndRelease';

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
const offeredPackages = Object.fromEntries(
  Object.entries(shared).map(([name, entry]) => [
    name,
    { version: entry.version, requiredVersion: entry.requiredVersion },
  ]),
);

/** react-router's package points bundlers at its development build; the production one has no dev-only checks. */
const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

/** Writes the landing page's HTML into index.html (see src/app/prerenderLanding.tsx). */
function prerenderLanding(): Plugin {
  return {
    name: 'logbook-prerender-landing',
    apply: 'build',
    async transformIndexHtml(html) {
      const server = await createServer({
        configFile: false,
        root: appDir,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        plugins: [react()],
      });
      try {
        const { renderLanding } = (await server.ssrLoadModule('/src/app/prerenderLanding.tsx')) as {
          renderLanding: () => string;
        };
        return html.replace('<!--landing-->', `<div class="landing-prerender">${renderLanding()}</div>`);
      } finally {
        await server.close();
      }
    },
  };
}

export default defineConfig({
  base: '/',
  define: { __SHARED_PACKAGES__: JSON.stringify(offeredPackages) },
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
    ],
  },
  plugins: [
    react(),
    prerenderLanding(),
    releaseManifest(appDir, shared),
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      // Registered by src/features/pwa/lib/registerServiceWorker.ts with workbox-window on page load.
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
            // Entries change with every remote release: prefer the network, fall back to the last copy offline.
            urlPattern: /\/mf\/[^/]+\/remoteEntry\.js(\?.*)?$/,
            handler: 'NetworkFirst',
            options: {
              cacheName: 'remote-entries',
              networkTimeoutSeconds: 5,
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
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
