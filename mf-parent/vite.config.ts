import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { remoteViteConfig } from '../scripts/remoteViteConfig';

export default remoteViteConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'mf_parent',
  exposes: {
    './Dashboard': './src/app/routes/Dashboard.tsx',
    './StudentForm': './src/app/routes/StudentForm.tsx',
    './Subscribe': './src/app/routes/Subscribe.tsx',
    './AdminSettings': './src/app/routes/AdminSettings.tsx',
    './Account': './src/app/routes/Account.tsx',
  },
  frames: '/src/app/frames.tsx',
  react,
  port: 5174,
});
