import { matchPath, Route, Routes } from 'react-router-dom';
import { REMOTE_PATH, routePatterns } from '@logbook/shell-context/routes';
import type { ComponentType } from 'react';
import { Spinner } from '@logbook/ui/Spinner';
import { RemoteRoute, type RemoteScreen } from '../features/remotes/components/RemoteRoute';
import { ScreenFrame } from '../features/remotes/components/ScreenFrame';
import { prefetchRemote, preloadFederation } from '../features/remotes/lib/remoteRegistry';
import { lazyPage } from './lazyPage';
import { remoteScreens } from './remoteScreens';

// Sign-in and sign-up carry the API client and its answer contracts: the landing page does without them.
const LoginPage = lazyPage(() => import('../features/auth/components/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/components/RegisterPage'), 'RegisterPage');
const VerificationPage = lazyPage(
  () => import('../features/verification/components/VerificationPage'),
  'VerificationPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/components/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(() => import('../features/auth/components/ResetPasswordPage'), 'ResetPasswordPage');
// A supervisor's page, opened from an email without signing in: its own light page, never the signed-in remotes.
const SignOffPage = lazyPage(() => import('../features/sign-off/components/SignOffPage'), 'SignOffPage');
// An adult invited to a family, opened from an email: signs in or registers there, then joins.
const JoinFamilyPage = lazyPage(() => import('../features/auth/components/JoinFamilyPage'), 'JoinFamilyPage');
const NotFoundPage = lazyPage(() => import('../features/not-found/components/NotFoundPage'), 'NotFoundPage');
// The landing page's HTML is in index.html: its code is fetched on `/` alone, before the app's first render there
// (loadLanding in main.tsx), so the signed-in screens do without it.
let loadedLanding: ComponentType | undefined;
export const loadLanding = () =>
  import('../features/landing/components/LandingPage').then((m) => {
    loadedLanding = m.LandingPage;
    return m;
  });
const LazyLandingPage = lazyPage(loadLanding, 'LandingPage');
function LandingRoute() {
  const Landing = loadedLanding;
  return Landing ? <Landing /> : <LazyLandingPage />;
}
// Until the remotes' layout is here, the frame painted at this address (if any) stays.
const RemoteLayout = lazyPage(
  () => import('./RemoteLayout'),
  'RemoteLayout',
  <ScreenFrame fallback={<Spinner label="Loading…" />} inMain />,
);

/** Starts fetching the code of the page the app opens on while the app itself starts. */
export function preloadRoute(pathname: string) {
  if (/^\/verify(\/|$)/.test(pathname)) void VerificationPage.preload().catch(() => undefined);
  else if (pathname === '/sign' || pathname.startsWith('/sign/')) void SignOffPage.preload().catch(() => undefined);
  else if (pathname === routePatterns.joinFamily) void JoinFamilyPage.preload().catch(() => undefined);
  else if (pathname === routePatterns.login) void LoginPage.preload().catch(() => undefined);
  else if (pathname === routePatterns.register) void RegisterPage.preload().catch(() => undefined);
  else if (REMOTE_PATH.test(pathname)) {
    void RemoteLayout.preload().catch(() => undefined);
    preloadFederation();
    const screen = remoteScreenOf(pathname);
    if (screen) prefetchRemote(screen.scope, screen.exposed);
    preloadScreenData(pathname);
  }
}

/**
 * What a screen asks the server as it opens is asked while the remote's code is still on its way. A parent's
 * screen's first ask takes the answer (swr's preload is used once, by the first ask of its key, and with the fetcher
 * that screen uses). Only what the screen is sure to ask is asked: an answer no screen takes would be handed, stale,
 * to a later one. The dashboard asks for the students once it knows someone is signed in, and so does this. A
 * student's screen draws from who is signed in as this answer has it, and checks it again with the server as it opens
 * (useStudentAuth).
 */
export function preloadScreenData(pathname: string, students: () => Promise<StudentsData> = studentsFromHost) {
  for (const [pattern, data] of SCREEN_DATA) {
    const match = matchPath(pattern, pathname);
    if (match) return askAhead(data, match.params.studentId, students);
  }
}

type ScreenData = { user?: true; students?: true; student?: true; studentAuth?: true };

/** The signed-in student's key and URL, as the student's screens read it. */
const STUDENT_AUTH_KEY = '/api/student-auth';
type StudentsData = Pick<
  typeof import('@logbook/shell-context/students'),
  'STUDENTS_KEY' | 'studentKey' | 'fetchStudent' | 'fetchStudents'
>;

// The federation host offers shell-context's modules to the remotes, so the students' fetchers are in its file
// already: taken from there, they are not split into a file of their own.
const studentsFromHost = () => import('../features/remotes/lib/federationHost');

function askAhead(data: ScreenData, studentId: string | undefined, studentsData: () => Promise<StudentsData>) {
  // Sent at once, while the code that reads the answers is still on its way; each is read by the screen's own fetcher.
  // A request whose reader never arrives (its code failed to load) fails quietly.
  const send = (url: string) => {
    const sent = fetch(url, { credentials: 'include' });
    sent.catch(() => undefined);
    return sent;
  };
  const student = data.student && studentId && /^\d+$/.test(studentId) ? studentId : undefined;
  const studentAsked = student ? send(`/api/students/${student}`) : undefined;
  const userAsked = data.user ? send('/api/user') : undefined;
  const studentAuthAsked = data.studentAuth ? send(STUDENT_AUTH_KEY) : undefined;
  void Promise.all([
    import('swr'),
    import('@logbook/shell-context/swrConfig'),
    import('@logbook/shell-context/useCurrentUser'),
    studentsData(),
  ])
    .then(async ([{ preload, mutate }, { fetcherOr401Null }, { CURRENT_USER_KEY }, students]) => {
      if (studentAuthAsked) {
        const answer = await fetcherOr401Null(STUDENT_AUTH_KEY, studentAuthAsked);
        // Unless a screen has had its own answer meanwhile.
        await mutate(STUDENT_AUTH_KEY, (known: unknown) => (known === undefined ? answer : known), {
          revalidate: false,
        });
      }
      if (student && studentAsked)
        preload(students.studentKey(student), (key: string) => students.fetchStudent(key, studentAsked));
      if (!userAsked) return;
      const user = await preload(CURRENT_USER_KEY, (key: string) => fetcherOr401Null(key, userAsked));
      if (data.students && user) preload(students.STUDENTS_KEY, students.fetchStudents);
    })
    .catch(() => undefined);
}

/** The screens and what each asks as it opens: who is signed in (a parent, a student), the students, a student. */
const SCREEN_DATA: [pattern: string, data: ScreenData][] = [
  [routePatterns.dashboard, { user: true, students: true }],
  [routePatterns.studentSessions, { student: true }],
  [routePatterns.newSession, { user: true, student: true }],
  [routePatterns.newStudent, { user: true }],
  [routePatterns.editStudent, { user: true }],
  [routePatterns.subscribe, { user: true }],
  [routePatterns.adminSettings, { user: true }],
  [routePatterns.account, { user: true }],
  [routePatterns.studentLogin, { studentAuth: true }],
  [routePatterns.studentDashboard, { studentAuth: true }],
  [routePatterns.studentNewSessionFor, { studentAuth: true }],
  [routePatterns.studentNewSession, { studentAuth: true }],
];

/** Every signed-in address and the remote screen that draws it. */
export const REMOTE_ROUTES: [pattern: string, screen: RemoteScreen][] = [
  [routePatterns.dashboard, remoteScreens.dashboard],
  [routePatterns.newStudent, remoteScreens.studentForm],
  [routePatterns.editStudent, remoteScreens.studentForm],
  [routePatterns.subscribe, remoteScreens.subscribe],
  [routePatterns.studentSessions, remoteScreens.studentSessions],
  [routePatterns.newSession, remoteScreens.newSession],
  [routePatterns.adminSettings, remoteScreens.adminSettings],
  [routePatterns.account, remoteScreens.account],
  [routePatterns.studentLogin, remoteScreens.studentLogin],
  [routePatterns.studentDashboard, remoteScreens.studentDashboard],
  [routePatterns.studentNewSessionFor, remoteScreens.studentNewSession],
  [routePatterns.studentNewSession, remoteScreens.studentNewSession],
];

/** The remote screen that draws a signed-in address, if one does. */
const remoteScreenOf = (pathname: string) =>
  REMOTE_ROUTES.find(([pattern]) => matchPath(pattern, pathname) !== null)?.[1];

/** Every route of the product. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={routePatterns.home} element={<LandingRoute />} />
      <Route path={routePatterns.login} element={<LoginPage />} />
      <Route path={routePatterns.register} element={<RegisterPage />} />
      <Route path={routePatterns.forgotPassword} element={<ForgotPasswordPage />} />
      <Route path={routePatterns.resetPassword} element={<ResetPasswordPage />} />
      <Route path={routePatterns.verify} element={<VerificationPage />} />
      <Route path={routePatterns.verifyCode} element={<VerificationPage />} />
      <Route path={routePatterns.signOff} element={<SignOffPage />} />
      <Route path={routePatterns.signOffWithTokenInPath} element={<SignOffPage />} />
      <Route path={routePatterns.joinFamily} element={<JoinFamilyPage />} />
      <Route element={<RemoteLayout />}>
        {REMOTE_ROUTES.map(([pattern, screen]) => (
          <Route key={pattern} path={pattern} element={<RemoteRoute screen={screen} />} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
