import { useEffect, type ReactNode } from 'react';
import { Link, useParams, ApiError, paths, parseStudentId, useStudent } from '@logbook/shell-context/shared';
import { SESSION_SCREEN_ERRORS, isActive, subscriptionBadgeLabel, type Student } from '@logbook/contracts/view';
import { Badge, Spinner, buttonClass } from '@logbook/ui/shared';
import { AppHeader } from '../../lib/AppHeader';
import { loadProblem, ScreenMessage } from '../../lib/ScreenMessage';
import { PanelStyles } from '../../lib/PanelStyles';
import { startOutboxSync } from '../../lib/outbox/outboxRuntime';
import { StartDriveCard } from '../../features/live-drive/components/StartDriveCard';
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
  else body = <StudentPage student={student} />;
  return <SessionsScreen>{body}</SessionsScreen>;
}

/** The screen around what it shows: this remote's styles and its header. */
export function SessionsScreen({ children }: { children: ReactNode }) {
  return (
    <div className="lls-root">
      <PanelStyles />
      <AppHeader dashboardPath={DASHBOARD} />
      {children}
    </div>
  );
}

/**
 * The student's name and subscription with New Session, the live drive, their progress and history. Until the student
 * is known, the same page with nothing offered yet: that is also the frame published for the address (frames.tsx),
 * painted before any script has run.
 */
export function StudentPage({ student }: { student?: Student }) {
  const active = student ? isActive(student.subscriptionStatus) : false;
  return (
    <div className="ll-page">
      <div className="ll-page__head">
        <div className="lls-student-head">
          <h1 className="lls-student-head__name">{student ? fullName(student) : 'Loading student…'}</h1>
          {student && (
            <Badge variant={active ? 'success' : 'outline'}>
              {subscriptionBadgeLabel(active ? 'active' : 'inactive')}
            </Badge>
          )}
        </div>
        <div className="ll-page__actions">
          {student && active ? (
            <Link to={paths.newSession(student.id)} className={buttonClass('primary', 'md')}>
              New Session
            </Link>
          ) : (
            <button
              type="button"
              className={buttonClass('primary', 'md')}
              disabled
              title={student && 'Needs an active subscription'}
            >
              New Session
            </button>
          )}
        </div>
      </div>
      <div className="lls-live-slot">
        {student ? (
          <LiveDrive studentId={student.id} viewer="parent" canStart={active} headingLevel={2} />
        ) : (
          <StartDriveCard headingLevel={2} />
        )}
      </div>
      {student ? (
        <div className="lls-layout">
          <div className="lls-side">
            <ProgressSummary studentId={student.id} enabled={active} />
            <PaceAndCoverage studentId={student.id} enabled={active} />
          </div>
          <SessionHistory studentId={student.id} enabled={active} canCorrect />
        </div>
      ) : (
        <Spinner label="Loading progress and sessions…" />
      )}
    </div>
  );
}
