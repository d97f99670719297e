/**
 * Every screen's address. The shell owns the routes; the remotes link and navigate with these, so a path changes in
 * one place. `routePatterns` are what the shell's router matches; `paths` build the addresses to go to.
 */
export const routePatterns = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verify: '/verify',
  verifyCode: '/verify/:code',
  /** A supervisor signs a drive from the link emailed to them (no sign-in): the token in the fragment, never sent. */
  signOff: '/sign',
  /** The same, from a link sent before the token moved to the fragment. */
  signOffWithTokenInPath: '/sign/:token',
  /** An adult invited to a family joins it from the link emailed to them: the token in the fragment, never sent. */
  joinFamily: '/join',
  dashboard: '/dashboard',
  newStudent: '/students/new',
  editStudent: '/students/:id',
  subscribe: '/students/:studentId/subscribe',
  studentSessions: '/students/:studentId/sessions',
  newSession: '/students/:studentId/new-session',
  adminSettings: '/admin-settings',
  account: '/account',
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
  forgotPassword: routePatterns.forgotPassword,
  resetPassword: routePatterns.resetPassword,
  verify: routePatterns.verify,
  joinFamily: routePatterns.joinFamily,
  /** The public check of a log book, by the code printed on its PDF. */
  verifyCode: (code: string) => `/verify/${code}`,
  dashboard: routePatterns.dashboard,
  newStudent: routePatterns.newStudent,
  adminSettings: routePatterns.adminSettings,
  account: routePatterns.account,
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
  /** The parent's session form, filled from a logged entry, that posts a correction of it. */
  correctSession: (studentId: number, sessionId: number) =>
    `/students/${studentId}/new-session?${CORRECT_SESSION_PARAM}=${sessionId}`,
  /** The session form filled from the drive just ended on this device (parent's or student's form). */
  finishDrive: (studentId: number, viewer: 'parent' | 'student') =>
    `${viewer === 'parent' ? `/students/${studentId}/new-session` : `/student-new-session/${studentId}`}?${FINISH_DRIVE_PARAM}=ended`,
} as const;

/** The query parameter that tells the session form to fill itself from the ended drive. */
export const FINISH_DRIVE_PARAM = 'drive';

/** The query parameter that names the entry the session form corrects. */
export const CORRECT_SESSION_PARAM = 'correct';

/** The screens a student uses share this prefix: they belong to the student's session, not the parent's. */
export const isStudentPath = (pathname: string) => pathname.startsWith('/student-');

/** Addresses whose screens the remotes draw, so the shell can start fetching federation code early. */
export const REMOTE_PATH = /^\/(dashboard|students\/|admin-settings|account$|student-)/;
