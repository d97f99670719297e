import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths, routePatterns } from '@logbook/shell-context/shared';
import { renderStandalone } from '../../scripts/standaloneRemote';
import '@logbook/ui/styles.css';
import Account from './app/routes/Account';
import AdminSettings from './app/routes/AdminSettings';
import Dashboard from './app/routes/Dashboard';
import StudentForm from './app/routes/StudentForm';
import Subscribe from './app/routes/Subscribe';

const router = { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams };

// Runs this remote on its own for development; inside the product the shell provides router, data and toasts.
renderStandalone(
  router,
  [
    [routePatterns.dashboard, Dashboard],
    [routePatterns.newStudent, StudentForm],
    [routePatterns.editStudent, StudentForm],
    [routePatterns.subscribe, Subscribe],
    [routePatterns.adminSettings, AdminSettings],
    [routePatterns.account, Account],
  ],
  paths.dashboard,
);
