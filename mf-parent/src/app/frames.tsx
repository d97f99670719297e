import { routePatterns } from '@logbook/shell-context/shared';
import { renderFrames as render } from '../../../scripts/frameMarkup';
import { DashboardFrame } from './components/DashboardFrame';

/**
 * Every frame this remote publishes in frames.json, as HTML (run by the build): a screen's page before its data, the
 * same for everyone, painted by the shell before any script.
 */
export const renderFrames = () =>
  render([{ path: routePatterns.dashboard, expose: './Dashboard', element: <DashboardFrame /> }]);
