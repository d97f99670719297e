import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Toaster } from '@logbook/ui/Toaster';
import { paths, routePatterns } from '@logbook/shell-context/routes';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import '@logbook/ui/styles.css';
import Account from './app/routes/Account';
import AdminSettings from './app/routes/AdminSettings';
import Dashboard from './app/routes/Dashboard';
import StudentForm from './app/routes/StudentForm';
import Subscribe from './app/routes/Subscribe';

// Runs this remote on its own for development; inside the product the shell provides router, data and toasts.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <BrowserRouter>
        <Routes>
          <Route path={routePatterns.dashboard} element={<Dashboard />} />
          <Route path={routePatterns.newStudent} element={<StudentForm />} />
          <Route path={routePatterns.editStudent} element={<StudentForm />} />
          <Route path={routePatterns.subscribe} element={<Subscribe />} />
          <Route path={routePatterns.adminSettings} element={<AdminSettings />} />
          <Route path={routePatterns.account} element={<Account />} />
          <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
        </Routes>
      </BrowserRouter>
      <Toaster />
    </SWRConfig>
  </StrictMode>,
);
