import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { exposes } from './exposes';
import { sharedSingletons } from '../packages/shell-context/src/federationShared';

const appDir = fileURLToPath(new URL('.', import.meta.url));

// Standalone dev talks to the gateway for /api; behind the gateway the remote is served from /mf/sessions/.
export default defineConfig({
  base: './',
  // A deployment may point the current-location lookup at another reverse-geocoding service at build time.
  define: { __LOGBOOK_GEOCODE_URL__: JSON.stringify(process.env.VITE_GEOCODE_URL ?? '') },
  plugins: [
    federation({
      name: 'mf_sessions',
      filename: 'remoteEntry.js',
      exposes,
      shared: sharedSingletons(appDir),
      dts: false,
      dev: { remoteHmr: true },
    }),
    react(),
  ],
  server: { port: 5175, strictPort: true, proxy: { '/api': 'http://localhost:8080' } },
  preview: { port: 5175, strictPort: true, proxy: { '/api': 'http://localhost:8080' } },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
