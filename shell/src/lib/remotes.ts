/** The remotes the shell loads, each served by the gateway at /mf/<name>/ on the shell's own origin. */
export const REMOTES = {
  mf_parent: 'parent',
  mf_student: 'student',
  mf_sessions: 'sessions',
} as const;

export type RemoteScope = keyof typeof REMOTES;

export const remoteEntryUrl = (scope: RemoteScope) => `/mf/${REMOTES[scope]}/remoteEntry.js`;

export const REMOTE_ENTRY_URLS = (Object.keys(REMOTES) as RemoteScope[]).map(remoteEntryUrl);
