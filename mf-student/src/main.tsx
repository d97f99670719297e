import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Toaster } from '@logbook/ui/Toaster';
import { paths, routePatterns } from '@logbook/shell-context/routes';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import '@logbook/ui/styles.css';
import StudentDashboard from './app/routes/StudentDashboard';
import StudentLogin from './app/routes/StudentLogin';
import StudentNewSession from './app/routes/StudentNewSession';

// Runs this remote on its own for development; inside the product the shell provides router, data and toasts.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <BrowserRouter>
        <Routes>
          <Route path={routePatterns.studentLogin} element={<StudentLogin />} />
          <Route path={routePatterns.studentDashboard} element={<StudentDashboard />} />
          <Route path={routePatterns.studentNewSessionFor} element={<StudentNewSession />} />
          <Route path={routePatterns.studentNewSession} element={<StudentNewSession />} />
          <Route path="*" element={<Navigate to={paths.studentLogin} replace />} />
        </Routes>
      </BrowserRouter>
      <Toaster />
    </SWRConfig>
  </StrictMode>,
);
