/**
 * Every screen's address. The shell owns the routes; the remotes link and navigate with these, so a path changes in
 * one place. `routePatterns` are what the shell's router matches; `paths` build the addresses to go to.
 */
export const routePatterns = {
  home: '/',
  login: '/login',
  register: '/register',
  verify: '/verify',
  verifyCode: '/verify/:code',
  dashboard: '/dashboard',
  newStudent: '/students/new',
  editStudent: '/students/:id',
  subscribe: '/students/:studentId/subscribe',
  studentSessions: '/students/:studentId/sessions',
  newSession: '/students/:studentId/new-session',
  adminSettings: '/admin-settings',
  studentLogin: '/student-login',
  studentDashboard: '/student-dashboard',
  studentNewSessionFor: '/student-new-session/:studentId',
  studentNewSession: '/student-new-session',
} as const;

/** Where a student's paper hours are edited: the Edit Student screen, scrolled to its paper hours card. */
export const PAPER_HOURS_ANCHOR = 'paper-hours';

export const paths = {
  home: routePatterns.home,
  login: routePatterns.login,
  register: routePatterns.register,
  verify: routePatterns.verify,
  /** The public check of a log book, by the code printed on its PDF. */
  verifyCode: (code: string) => `/verify/${code}`,
  dashboard: routePatterns.dashboard,
  newStudent: routePatterns.newStudent,
  adminSettings: routePatterns.adminSettings,
  studentLogin: routePatterns.studentLogin,
  studentDashboard: routePatterns.studentDashboard,
  editStudent: (studentId: number) => `/students/${studentId}`,
  studentPaperHours: (studentId: number) => `/students/${studentId}#${PAPER_HOURS_ANCHOR}`,
  subscribe: (studentId: number) => `/students/${studentId}/subscribe`,
  studentSessions: (studentId: number) => `/students/${studentId}/sessions`,
  /** The parent's session form; with a draft id it opens that draft. */
  newSession: (studentId: number, draftId?: string) =>
    `/students/${studentId}/new-session${draftId === undefined ? '' : `?loadDraft=${encodeURIComponent(draftId)}`}`,
  /** The signed-in student's own session form. */
  studentNewSession: (studentId?: number) =>
    studentId === undefined ? routePatterns.studentNewSession : `/student-new-session/${studentId}`,
} as const;

/** The screens a student uses share this prefix: they belong to the student's session, not the parent's. */
export const isStudentPath = (pathname: string) => pathname.startsWith('/student-');

/** Addresses whose screens the remotes draw, so the shell can start fetching federation code early. */
export const REMOTE_PATH = /^\/(dashboard|students\/|admin-settings|student-)/;
