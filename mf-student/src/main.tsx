import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Toaster } from '@logbook/ui/Toaster';
import { paths, routePatterns } from '@logbook/shell-context/routes';
import { routingFrom, type RouterHooks } from '@logbook/shell-context/routing';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import '@logbook/ui/styles.css';
import StudentDashboard from './app/routes/StudentDashboard';
import StudentLogin from './app/routes/StudentLogin';
import StudentNewSession from './app/routes/StudentNewSession';

// Inside the product the shell hands its routing to the screens; run alone, this page's own router does.
const Routed = routingFrom({ useParams, useLocation, useNavigate: useNavigate as RouterHooks['useNavigate'] });

// Runs this remote on its own for development; inside the product the shell provides router, data and toasts.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <BrowserRouter>
        <Routes>
          <Route
            path={routePatterns.studentLogin}
            element={
              <Routed>
                <StudentLogin />
              </Routed>
            }
          />
          <Route
            path={routePatterns.studentDashboard}
            element={
              <Routed>
                <StudentDashboard />
              </Routed>
            }
          />
          <Route
            path={routePatterns.studentNewSessionFor}
            element={
              <Routed>
                <StudentNewSession />
              </Routed>
            }
          />
          <Route
            path={routePatterns.studentNewSession}
            element={
              <Routed>
                <StudentNewSession />
              </Routed>
            }
          />
          <Route path="*" element={<Navigate to={paths.studentLogin} replace />} />
        </Routes>
      </BrowserRouter>
      <Toaster />
    </SWRConfig>
  </StrictMode>,
);
