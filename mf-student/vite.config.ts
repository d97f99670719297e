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

// Standalone dev talks to the gateway for /api and for mf-sessions' remote entry; behind the gateway the remote is
// served from /mf/student/ and finds mf-sessions on the same origin.
export default defineConfig(({ command }) => ({
  base: './',
  plugins: [
    federation({
      name: 'mf_student',
      filename: 'remoteEntry.js',
      exposes: {
        './StudentLogin': './src/app/routes/StudentLogin.tsx',
        './StudentDashboard': './src/app/routes/StudentDashboard.tsx',
        './StudentNewSession': './src/app/routes/StudentNewSession.tsx',
      },
      remotes: {
        mf_sessions: {
          type: 'module',
          name: 'mf_sessions',
          entry: '/mf/sessions/remoteEntry.js',
          entryGlobalName: 'mf_sessions',
        },
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
  server: { port: 5176, strictPort: true, proxy },
  preview: { port: 5176, strictPort: true, proxy },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
}));
