import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Toaster } from '@logbook/ui/Toaster';
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
          <Route path="/students/:studentId/sessions" element={<StudentSessions />} />
          <Route path="/students/:studentId/new-session" element={<NewSession />} />
          <Route path="/student-new-session/:studentId" element={<NewSession />} />
          <Route path="/student-new-session" element={<NewSession />} />
          <Route path="*" element={<Navigate to="/students/1/sessions" replace />} />
        </Routes>
      </BrowserRouter>
      <Toaster />
    </SWRConfig>
  </StrictMode>,
);
