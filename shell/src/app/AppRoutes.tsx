import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { LandingPage } from '../features/landing/components/LandingPage';
import { RemoteRoute } from '../features/remotes/components/RemoteRoute';
import { preloadFederation } from '../features/remotes/lib/remoteRegistry';
import { lazyPage } from './lazyPage';
import { remoteScreens } from './remoteScreens';

const VerificationPage = lazyPage(
  () => import('../features/verification/components/VerificationPage'),
  (m) => m.VerificationPage,
);
const NotFoundPage = lazyPage(
  () => import('../features/not-found/components/NotFoundPage'),
  (m) => m.NotFoundPage,
);
const RemoteLayout = lazyPage(
  () => import('./RemoteLayout'),
  (m) => m.RemoteLayout,
);

const REMOTE_PATH = /^\/(dashboard|students\/|admin-settings|student-)/;

/** Starts fetching the code of the page the app opens on while the app itself starts. */
export function preloadRoute(pathname: string) {
  if (/^\/verify(\/|$)/.test(pathname)) void VerificationPage.preload().catch(() => undefined);
  else if (REMOTE_PATH.test(pathname)) {
    void RemoteLayout.preload().catch(() => undefined);
    preloadFederation();
  }
}

/** Every route of the product (spec §2). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/verify" element={<VerificationPage />} />
      <Route path="/verify/:code" element={<VerificationPage />} />
      <Route element={<RemoteLayout />}>
        <Route path="/dashboard" element={<RemoteRoute screen={remoteScreens.dashboard} />} />
        <Route path="/students/new" element={<RemoteRoute screen={remoteScreens.studentForm} />} />
        <Route path="/students/:id" element={<RemoteRoute screen={remoteScreens.studentForm} />} />
        <Route path="/students/:studentId/subscribe" element={<RemoteRoute screen={remoteScreens.subscribe} />} />
        <Route path="/students/:studentId/sessions" element={<RemoteRoute screen={remoteScreens.studentSessions} />} />
        <Route path="/students/:studentId/new-session" element={<RemoteRoute screen={remoteScreens.newSession} />} />
        <Route path="/admin-settings" element={<RemoteRoute screen={remoteScreens.adminSettings} />} />
        <Route path="/student-login" element={<RemoteRoute screen={remoteScreens.studentLogin} />} />
        <Route path="/student-dashboard" element={<RemoteRoute screen={remoteScreens.studentDashboard} />} />
        <Route
          path="/student-new-session/:studentId"
          element={<RemoteRoute screen={remoteScreens.studentNewSession} />}
        />
        <Route path="/student-new-session" element={<RemoteRoute screen={remoteScreens.studentNewSession} />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
