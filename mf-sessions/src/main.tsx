import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths, routePatterns } from '@logbook/shell-context/shared';
import { renderStandalone } from '../../scripts/standaloneRemote';
import '@logbook/ui/styles.css';
import NewSession from './app/routes/NewSession';
import StudentSessions from './app/routes/StudentSessions';

const router = { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams };

// Runs this remote on its own for development; inside the product the shell provides router, data and toasts.
renderStandalone(
  router,
  [
    [routePatterns.studentSessions, StudentSessions],
    [routePatterns.newSession, NewSession],
    [routePatterns.studentNewSessionFor, NewSession],
    [routePatterns.studentNewSession, NewSession],
  ],
  paths.studentSessions(1),
);
