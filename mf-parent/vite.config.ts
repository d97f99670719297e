import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { FEDERATION_RUNTIME, federationRuntime, releaseManifest, sharedPackages } from '../scripts/frontEndRelease';

const appDir = fileURLToPath(new URL('.', import.meta.url));
const shared = sharedPackages(appDir);
const gateway = process.env.LOGBOOK_GATEWAY_URL ?? 'http://localhost:8080';
// The Host header is kept so the gateway's same-origin rule for sign-in and other writes accepts this dev server.
const proxy = { '/api': { target: gateway, changeOrigin: false }, '/mf': gateway };

// Standalone dev talks to the gateway for /api; behind the gateway the remote is served from /mf/parent/.
export default defineConfig(({ command }) => ({
  base: './',
  plugins: [
    federation({
      name: 'mf_parent',
      filename: 'remoteEntry.js',
      exposes: {
        './Dashboard': './src/app/routes/Dashboard.tsx',
        './StudentForm': './src/app/routes/StudentForm.tsx',
        './Subscribe': './src/app/routes/Subscribe.tsx',
        './AdminSettings': './src/app/routes/AdminSettings.tsx',
        './Account': './src/app/routes/Account.tsx',
      },
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
  server: { port: 5174, strictPort: true, proxy },
  preview: { port: 5174, strictPort: true, proxy },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
}));
