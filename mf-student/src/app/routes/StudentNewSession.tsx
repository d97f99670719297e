import { Link, Navigate, useParams, paths } from '@logbook/shell-context/shared';
import { Alert, Spinner, buttonClass, PageFrame } from '@logbook/ui/shared';
import { useStudentAuth } from '../../features/student-auth/hooks/useStudentAuth';
import { isUnreachable } from '../../lib/problemText';
import { RemoteWidget } from '../../lib/RemoteWidget';
import { newSessionTarget } from '../../lib/studentRoute';
import { CheckFailedAlert } from '../components/CheckFailedAlert';
import { sessionsRemote } from '../sessionsRemote';
import '../student.css';

export default function StudentNewSession() {
  const { studentId } = useParams();
  const { state, retry } = useStudentAuth();

  const sessionForm = (formStudentId?: number) => (
    <RemoteWidget
      name="Session form"
      load={sessionsRemote.newSession}
      props={{ studentId: formStudentId, viewer: 'student', backTo: paths.studentDashboard }}
    />
  );

  if (state.status === 'checking') return <Spinner label="Checking your sign-in…" />;
  if (state.status === 'signedOut') return <Navigate to={paths.studentLogin} replace />;
  if (state.status === 'unavailable') {
    // Offline, mf-sessions' form opens for the student this device last saw and keeps the session in its outbox;
    // it checks the route's id against that student itself, and the server checks it again when the session is sent.
    if (isUnreachable(state.error)) return sessionForm();
    return (
      <PageFrame title="New Driving Session" actions={<BackToDashboard />}>
        <CheckFailedAlert title="We couldn't check your sign-in" error={state.error} onRetry={() => void retry()} />
      </PageFrame>
    );
  }

  const target = newSessionTarget(studentId, state.student.id);
  if (target.kind === 'notYours') {
    return (
      <PageFrame title="New Driving Session" actions={<BackToDashboard />}>
        <Alert variant="warning" title="This isn't your logbook">
          You can only log sessions in your own logbook, {state.student.firstName}.
        </Alert>
        <div className="ll-actions">
          <Link to={paths.studentNewSession(target.ownId)} className={buttonClass('primary')}>
            Log a session in my logbook
          </Link>
        </div>
      </PageFrame>
    );
  }

  return sessionForm(target.studentId);
}

function BackToDashboard() {
  return (
    <Link to={paths.studentDashboard} className={buttonClass('outline', 'sm')}>
      Back to Dashboard
    </Link>
  );
}
