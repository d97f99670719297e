/** What this remote embeds from mf-sessions; stable loaders so each widget is made once per attempt. */
export const sessionsRemote = {
  progressSummary: () => import('mf_sessions/ProgressSummary'),
  sessionHistory: () => import('mf_sessions/SessionHistory'),
  newSession: () => import('mf_sessions/NewSession'),
};
