import { useEffect } from 'react';
import { Link, useParams, ApiError, paths, parseStudentId, useStudent } from '@logbook/shell-context/shared';
import { SESSION_SCREEN_ERRORS, isActive, subscriptionBadgeLabel } from '@logbook/contracts/view';
import { Badge, Spinner, buttonClass } from '@logbook/ui/shared';
import { AppHeader } from '../../lib/AppHeader';
import { loadProblem, ScreenMessage } from '../../lib/ScreenMessage';
import { PanelStyles } from '../../lib/PanelStyles';
import { startOutboxSync } from '../../lib/outbox/outboxRuntime';
import { fullName } from '../../lib/studentName';
import LiveDrive from '../widgets/LiveDrive';
import PaceAndCoverage from '../widgets/PaceAndCoverage';
import ProgressSummary from '../widgets/ProgressSummary';
import SessionHistory from '../widgets/SessionHistory';

const DASHBOARD = paths.dashboard;

/** /students/{studentId}/sessions: one student's progress and history (parent view). */
export default function StudentSessions() {
  const params = useParams();
  const studentId = parseStudentId(params.studentId);
  const { data: student, error } = useStudent(studentId);
  useEffect(() => startOutboxSync(), []);
  const status = error instanceof ApiError ? error.status : 0;

  let body;
  if (!studentId) body = <ScreenMessage title={SESSION_SCREEN_ERRORS.noStudentId} actionTo={DASHBOARD} />;
  // A refresh that fails (the connection gone, the server busy) keeps the student shown; a refusal does not.
  else if (error && (!student || status === 401 || status === 404)) body = loadProblem(error, DASHBOARD);
  else if (!student) body = <Spinner label="Loading student…" />;
  else {
    const active = isActive(student.subscriptionStatus);
    body = (
      <div className="ll-page">
        <div className="ll-page__head">
          <div className="lls-student-head">
            <h1 className="lls-student-head__name">{fullName(student)}</h1>
            <Badge variant={active ? 'success' : 'outline'}>
              {subscriptionBadgeLabel(active ? 'active' : 'inactive')}
            </Badge>
          </div>
          <div className="ll-page__actions">
            {active ? (
              <Link to={paths.newSession(studentId)} className={buttonClass('primary', 'md')}>
                New Session
              </Link>
            ) : (
              <button
                type="button"
                className={buttonClass('primary', 'md')}
                disabled
                title="Needs an active subscription"
              >
                New Session
              </button>
            )}
          </div>
        </div>
        <div className="lls-live-slot">
          <LiveDrive studentId={studentId} viewer="parent" canStart={active} headingLevel={2} />
        </div>
        <div className="lls-layout">
          <div className="lls-side">
            <ProgressSummary studentId={studentId} enabled={active} />
            <PaceAndCoverage studentId={studentId} enabled={active} />
          </div>
          <SessionHistory studentId={studentId} enabled={active} canCorrect />
        </div>
      </div>
    );
  }

  return (
    <div className="lls-root">
      <PanelStyles />
      <AppHeader dashboardPath={DASHBOARD} />
      {body}
    </div>
  );
}
