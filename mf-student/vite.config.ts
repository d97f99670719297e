import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { releaseManifest, sharedPackages } from '../scripts/frontEndRelease';

const appDir = fileURLToPath(new URL('.', import.meta.url));
const shared = sharedPackages(appDir);
const gateway = process.env.LOGBOOK_GATEWAY_URL ?? 'http://localhost:8080';
// The Host header is kept so the gateway's same-origin rule for sign-in and other writes accepts this dev server.
const proxy = { '/api': { target: gateway, changeOrigin: false }, '/mf': gateway };

// Standalone dev talks to the gateway for /api and for mf-sessions' remote entry; behind the gateway the remote is
// served from /mf/student/ and finds mf-sessions on the same origin.
export default defineConfig({
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
    }),
    react(),
    releaseManifest(appDir, shared),
  ],
  server: { port: 5176, strictPort: true, proxy },
  preview: { port: 5176, strictPort: true, proxy },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
