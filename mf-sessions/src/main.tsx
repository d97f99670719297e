import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Toaster } from '@logbook/ui/Toaster';
import { paths, routePatterns } from '@logbook/shell-context/routes';
import { routingFrom, type RouterHooks } from '@logbook/shell-context/routing';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import '@logbook/ui/styles.css';
import NewSession from './app/routes/NewSession';
import StudentSessions from './app/routes/StudentSessions';

// Inside the product the shell hands its routing to the screens; run alone, this page's own router does.
const Routed = routingFrom({ useParams, useLocation, useNavigate: useNavigate as RouterHooks['useNavigate'] });

// Runs this remote on its own for development; inside the product the shell provides router, data and toasts.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <BrowserRouter>
        <Routes>
          <Route
            path={routePatterns.studentSessions}
            element={
              <Routed>
                <StudentSessions />
              </Routed>
            }
          />
          <Route
            path={routePatterns.newSession}
            element={
              <Routed>
                <NewSession />
              </Routed>
            }
          />
          <Route
            path={routePatterns.studentNewSessionFor}
            element={
              <Routed>
                <NewSession />
              </Routed>
            }
          />
          <Route
            path={routePatterns.studentNewSession}
            element={
              <Routed>
                <NewSession />
              </Routed>
            }
          />
          <Route path="*" element={<Navigate to={paths.studentSessions(1)} replace />} />
        </Routes>
      </BrowserRouter>
      <Toaster />
    </SWRConfig>
  </StrictMode>,
);
