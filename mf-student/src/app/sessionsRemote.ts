/** What this remote embeds from mf-sessions; stable loaders so each widget is made once per attempt. */
export const sessionsRemote = {
  progressSummary: () => import('mf_sessions/ProgressSummary'),
  sessionHistory: () => import('mf_sessions/SessionHistory'),
  paceAndCoverage: () => import('mf_sessions/PaceAndCoverage'),
  newSession: () => import('mf_sessions/NewSession'),
  liveDrive: () => import('mf_sessions/LiveDrive'),
};
