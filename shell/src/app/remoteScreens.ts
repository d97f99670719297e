import type { RemoteScreen } from '../features/remotes/components/RemoteRoute';
import { loadRemoteScreen } from './releasedRemote';

/** Every route-level screen the remotes expose; one object each, so a lazy screen is made once per attempt. */
export const remoteScreens = {
  dashboard: { scope: 'mf_parent', load: () => loadRemoteScreen('mf_parent/Dashboard') },
  studentForm: { scope: 'mf_parent', load: () => loadRemoteScreen('mf_parent/StudentForm') },
  subscribe: { scope: 'mf_parent', load: () => loadRemoteScreen('mf_parent/Subscribe') },
  adminSettings: { scope: 'mf_parent', load: () => loadRemoteScreen('mf_parent/AdminSettings') },
  account: { scope: 'mf_parent', load: () => loadRemoteScreen('mf_parent/Account') },
  studentSessions: { scope: 'mf_sessions', load: () => loadRemoteScreen('mf_sessions/StudentSessions') },
  newSession: { scope: 'mf_sessions', load: () => loadRemoteScreen('mf_sessions/NewSession') },
  studentLogin: { scope: 'mf_student', load: () => loadRemoteScreen('mf_student/StudentLogin') },
  studentDashboard: { scope: 'mf_student', load: () => loadRemoteScreen('mf_student/StudentDashboard') },
  studentNewSession: { scope: 'mf_student', load: () => loadRemoteScreen('mf_student/StudentNewSession') },
} satisfies Record<string, RemoteScreen>;
