import type { RemoteLoader } from '../features/remotes/components/RemoteRoute';

/** Every route-level screen the remotes expose; loaders are stable so lazy screens are made once per attempt. */
export const remoteScreens = {
  dashboard: () => import('mf_parent/Dashboard'),
  studentForm: () => import('mf_parent/StudentForm'),
  subscribe: () => import('mf_parent/Subscribe'),
  adminSettings: () => import('mf_parent/AdminSettings'),
  studentSessions: () => import('mf_sessions/StudentSessions'),
  newSession: () => import('mf_sessions/NewSession'),
  studentLogin: () => import('mf_student/StudentLogin'),
  studentDashboard: () => import('mf_student/StudentDashboard'),
  studentNewSession: () => import('mf_student/StudentNewSession'),
} satisfies Record<string, RemoteLoader>;
