import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';
import { sharedSingletons } from '../packages/shell-context/src/federationShared';

const appDir = fileURLToPath(new URL('.', import.meta.url));

// Standalone dev talks to the gateway for /api; behind the gateway the remote is served from /mf/parent/.
export default defineConfig({
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
      },
      shared: sharedSingletons(appDir),
      dts: false,
      dev: { remoteHmr: true },
    }),
    react(),
  ],
  server: { port: 5174, strictPort: true, proxy: { '/api': 'http://localhost:8080' } },
  preview: { port: 5174, strictPort: true, proxy: { '/api': 'http://localhost:8080' } },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
