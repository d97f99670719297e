import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { remoteViteConfig } from '../scripts/remoteViteConfig';

export default remoteViteConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'mf_student',
  exposes: {
    './StudentLogin': './src/app/routes/StudentLogin.tsx',
    './StudentDashboard': './src/app/routes/StudentDashboard.tsx',
    './StudentNewSession': './src/app/routes/StudentNewSession.tsx',
  },
  // Behind the gateway mf-sessions' entry is on the same origin; standalone dev reaches it through the /mf proxy.
  remotes: {
    mf_sessions: {
      type: 'module',
      name: 'mf_sessions',
      entry: '/mf/sessions/remoteEntry.js',
      entryGlobalName: 'mf_sessions',
    },
  },
  // What the dashboard and the session form draw of mf-sessions as they open (src/app/sessionsRemote.ts).
  firstEmbeds: {
    './StudentDashboard': {
      mf_sessions: ['./LiveDrive', './ProgressSummary', './PaceAndCoverage', './SessionHistory'],
    },
    './StudentNewSession': { mf_sessions: ['./NewSession'] },
  },
  react,
  port: 5176,
});
