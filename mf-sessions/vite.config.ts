import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { exposes } from './exposes';
import { FEDERATION_RUNTIME, federationRuntime, releaseManifest, sharedPackages } from '../scripts/frontEndRelease';

const appDir = fileURLToPath(new URL('.', import.meta.url));
const shared = sharedPackages(appDir);
const gateway = process.env.LOGBOOK_GATEWAY_URL ?? 'http://localhost:8080';
// The Host header is kept so the gateway's same-origin rule for sign-in and other writes accepts this dev server.
const proxy = { '/api': { target: gateway, changeOrigin: false }, '/mf': gateway };

// Standalone dev talks to the gateway for /api; behind the gateway the remote is served from /mf/sessions/.
export default defineConfig(({ command }) => ({
  base: './',
  // A deployment may point the current-location lookup at another reverse-geocoding service at build time.
  define: { __LOGBOOK_GEOCODE_URL__: JSON.stringify(process.env.VITE_GEOCODE_URL ?? '') },
  plugins: [
    federation({
      name: 'mf_sessions',
      filename: 'remoteEntry.js',
      exposes,
      shared,
      dts: false,
      dev: { remoteHmr: true },
      // Built, the remote uses the page's federation runtime (the shell's, on globalThis._FEDERATION_RUNTIME_CORE):
      // one runtime per page, not one per remote. Run on its own for development, it brings its own.
      experiments: { externalRuntime: command === 'build' },
    }),
    react(),
    releaseManifest(appDir, shared, { [FEDERATION_RUNTIME]: federationRuntime(appDir) }),
  ],
  server: { port: 5175, strictPort: true, proxy },
  preview: { port: 5175, strictPort: true, proxy },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
}));
