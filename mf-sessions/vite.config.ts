import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { remoteViteConfig } from '../scripts/remoteViteConfig';
import { exposes } from './exposes';

export default remoteViteConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'mf_sessions',
  exposes,
  frames: '/src/app/frames.tsx',
  react,
  port: 5175,
  // A deployment may point the current-location lookup at another reverse-geocoding service at build time.
  define: { __LOGBOOK_GEOCODE_URL__: JSON.stringify(process.env.VITE_GEOCODE_URL ?? '') },
});
