import type { RemoteScreen } from '../features/remotes/components/RemoteRoute';
import { loadRemoteScreen } from '../features/remotes/lib/remoteRegistry';
import type { RemoteScope } from '../lib/remotes';

const screen = (scope: RemoteScope, name: string): RemoteScreen => ({
  scope,
  exposed: `./${name}`,
  load: () => loadRemoteScreen(`${scope}/${name}`),
});

/** Every route-level screen the remotes expose; one object each, so a lazy screen is made once per attempt. */
export const remoteScreens = {
  dashboard: screen('mf_parent', 'Dashboard'),
  studentForm: screen('mf_parent', 'StudentForm'),
  subscribe: screen('mf_parent', 'Subscribe'),
  adminSettings: screen('mf_parent', 'AdminSettings'),
  account: screen('mf_parent', 'Account'),
  studentSessions: screen('mf_sessions', 'StudentSessions'),
  newSession: screen('mf_sessions', 'NewSession'),
  studentLogin: screen('mf_student', 'StudentLogin'),
  studentDashboard: screen('mf_student', 'StudentDashboard'),
  studentNewSession: screen('mf_student', 'StudentNewSession'),
} satisfies Record<string, RemoteScreen>;
