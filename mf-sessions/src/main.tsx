import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Toaster } from '@logbook/ui/Toaster';
import { paths, routePatterns } from '@logbook/shell-context/routes';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import '@logbook/ui/styles.css';
import NewSession from './app/routes/NewSession';
import StudentSessions from './app/routes/StudentSessions';

// Runs this remote on its own for development; inside the product the shell provides router, data and toasts.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <BrowserRouter>
        <Routes>
          <Route path={routePatterns.studentSessions} element={<StudentSessions />} />
          <Route path={routePatterns.newSession} element={<NewSession />} />
          <Route path={routePatterns.studentNewSessionFor} element={<NewSession />} />
          <Route path={routePatterns.studentNewSession} element={<NewSession />} />
          <Route path="*" element={<Navigate to={paths.studentSessions(1)} replace />} />
        </Routes>
      </BrowserRouter>
      <Toaster />
    </SWRConfig>
  </StrictMode>,
);
