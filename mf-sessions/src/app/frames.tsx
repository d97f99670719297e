import { paths, routePatterns } from '@logbook/shell-context/shared';
import { renderFrames as render } from '../../../scripts/frameMarkup';
import { formTitle } from '../features/session-form/utils/formHeading';
import { FormLoading, NewSessionPage } from './routes/new-session/screenBodies';
import { SessionsScreen, StudentPage } from './routes/StudentSessions';

/**
 * Every frame this remote publishes in frames.json, as HTML (run by the build): a screen's page before its data, the
 * same for everyone, painted by the shell before any script.
 */
export const renderFrames = () =>
  render([
    {
      path: routePatterns.studentSessions,
      expose: './StudentSessions',
      element: (
        <SessionsScreen>
          <StudentPage />
        </SessionsScreen>
      ),
    },
    {
      path: routePatterns.newSession,
      expose: './NewSession',
      element: (
        <NewSessionPage dashboardPath={paths.dashboard}>
          <FormLoading title={formTitle({ correcting: false, draft: undefined, fromDrive: false })} />
        </NewSessionPage>
      ),
    },
  ]);
