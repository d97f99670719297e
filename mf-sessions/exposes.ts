/**
 * What this remote exposes, read by vite.config.ts. The root tsconfig maps each `mf_sessions/<name>` import of the
 * other front ends to the same file, so their types come from this source and cannot drift from it.
 */
export const exposes = {
  './NewSession': './src/app/routes/NewSession.tsx',
  './StudentSessions': './src/app/routes/StudentSessions.tsx',
  './ProgressSummary': './src/app/widgets/ProgressSummary.tsx',
  './SessionHistory': './src/app/widgets/SessionHistory.tsx',
  './PaceAndCoverage': './src/app/widgets/PaceAndCoverage.tsx',
  './LiveDrive': './src/app/widgets/LiveDrive.tsx',
  './outbox': './src/app/outbox.ts',
};
