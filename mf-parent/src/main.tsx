import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Toaster } from '@logbook/ui/Toaster';
import { paths, routePatterns } from '@logbook/shell-context/routes';
import { routingFrom, type RouterHooks } from '@logbook/shell-context/routing';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import '@logbook/ui/styles.css';
import Account from './app/routes/Account';
import AdminSettings from './app/routes/AdminSettings';
import Dashboard from './app/routes/Dashboard';
import StudentForm from './app/routes/StudentForm';
import Subscribe from './app/routes/Subscribe';

// Inside the product the shell hands its routing to the screens; run alone, this page's own router does.
const Routed = routingFrom({ useParams, useLocation, useNavigate: useNavigate as RouterHooks['useNavigate'] });

// Runs this remote on its own for development; inside the product the shell provides router, data and toasts.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <BrowserRouter>
        <Routes>
          <Route
            path={routePatterns.dashboard}
            element={
              <Routed>
                <Dashboard />
              </Routed>
            }
          />
          <Route
            path={routePatterns.newStudent}
            element={
              <Routed>
                <StudentForm />
              </Routed>
            }
          />
          <Route
            path={routePatterns.editStudent}
            element={
              <Routed>
                <StudentForm />
              </Routed>
            }
          />
          <Route
            path={routePatterns.subscribe}
            element={
              <Routed>
                <Subscribe />
              </Routed>
            }
          />
          <Route
            path={routePatterns.adminSettings}
            element={
              <Routed>
                <AdminSettings />
              </Routed>
            }
          />
          <Route
            path={routePatterns.account}
            element={
              <Routed>
                <Account />
              </Routed>
            }
          />
          <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
        </Routes>
      </BrowserRouter>
      <Toaster />
    </SWRConfig>
  </StrictMode>,
);
