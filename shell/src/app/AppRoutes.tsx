import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { LandingPage } from '../features/landing/components/LandingPage';
import { NotFoundPage } from '../features/not-found/components/NotFoundPage';
import { RemoteRoute } from '../features/remotes/components/RemoteRoute';
import { RemoteLayout } from './RemoteLayout';
import { remoteScreens } from './remoteScreens';

/** Every route of the product (spec §2). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
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
