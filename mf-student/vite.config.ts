import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { sharedSingletons } from '../packages/shell-context/src/federationShared';

const appDir = fileURLToPath(new URL('.', import.meta.url));

// Standalone dev talks to the gateway for /api; behind the gateway the remote is served from /mf/student/.
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
      shared: sharedSingletons(appDir),
      dts: false,
      dev: { remoteHmr: true },
    }),
    react(),
  ],
  server: { port: 5176, strictPort: true, proxy: { '/api': 'http://localhost:8080' } },
  preview: { port: 5176, strictPort: true, proxy: { '/api': 'http://localhost:8080' } },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
