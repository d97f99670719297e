import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths, routePatterns } from '@logbook/shell-context/shared';
import { renderStandalone } from '../../scripts/standaloneRemote';
import '@logbook/ui/styles.css';
import StudentDashboard from './app/routes/StudentDashboard';
import StudentLogin from './app/routes/StudentLogin';
import StudentNewSession from './app/routes/StudentNewSession';

const router = { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams };

// Runs this remote on its own for development; inside the product the shell provides router, data and toasts.
renderStandalone(
  router,
  [
    [routePatterns.studentLogin, StudentLogin],
    [routePatterns.studentDashboard, StudentDashboard],
    [routePatterns.studentNewSessionFor, StudentNewSession],
    [routePatterns.studentNewSession, StudentNewSession],
  ],
  paths.studentLogin,
);
