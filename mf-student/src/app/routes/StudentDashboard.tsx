import { Navigate, paths } from '@logbook/shell-context/shared';
import { SWRConfig } from 'swr';
import { Spinner, UnsentSessionsDialog, PageFrame } from '@logbook/ui/shared';
import { StudentDashboardActions } from '../../features/student-dashboard/components/StudentDashboardActions';
import { StudentDashboardHeader } from '../../features/student-dashboard/components/StudentDashboardHeader';
import { useStudentAuth } from '../../features/student-auth/hooks/useStudentAuth';
import { useStudentLogout } from '../../features/student-auth/hooks/useStudentLogout';
import { isActive } from '@logbook/contracts/view';
import { RemoteWidget, type RemoteWidgetProps } from '../../lib/RemoteWidget';
import { CheckFailedAlert } from '../components/CheckFailedAlert';
import { sessionsRemote } from '../sessionsRemote';
import '../student.css';

export default function StudentDashboard() {
  const { state, retry } = useStudentAuth();
  const { logout, pending, guard } = useStudentLogout();

  if (state.status === 'checking') return <Spinner label="Loading your dashboard…" />;
  if (state.status === 'signedOut') return <Navigate to={paths.studentLogin} replace />;
  if (state.status === 'unavailable') {
    return (
      <PageFrame title="Student Dashboard">
        <CheckFailedAlert title="Your dashboard could not load" error={state.error} onRetry={() => void retry()} />
      </PageFrame>
    );
  }

  const { student } = state;
  const ofStudent = (name: string, load: RemoteWidgetProps<{ studentId: number }>['load']) => (
    <RemoteWidget name={name} load={load} props={{ studentId: student.id }} />
  );
  return (
    <div className="student-dashboard">
      <StudentDashboardHeader student={student} onLogout={() => void logout()} logoutPending={pending} />
      <UnsentSessionsDialog
        waiting={guard.waiting}
        stillWaiting={guard.stillWaiting}
        sending={guard.sending}
        signingOut={guard.signingOut}
        onSendNow={() => void guard.sendNow()}
        onStay={guard.stay}
        onSignOut={() => void guard.signOutAnyway()}
      />
      <div className="ll-container student-dashboard__body">
        <StudentDashboardActions studentId={student.id} firstName={student.firstName} />
        <div className="student-dashboard__live">
          <RemoteWidget
            name="Live drive"
            load={sessionsRemote.liveDrive}
            props={{ studentId: student.id, viewer: 'student', canStart: isActive(student.subscriptionStatus) }}
          />
        </div>
        {/* Sessions may have been logged elsewhere (the form, a parent, the offline outbox): read them afresh. */}
        <SWRConfig value={{ revalidateOnMount: true }}>
          <div className="student-dashboard__grid">
            <div className="student-dashboard__progress">
              {ofStudent('Progress summary', sessionsRemote.progressSummary)}
              {ofStudent('Pace and coverage', sessionsRemote.paceAndCoverage)}
            </div>
            <div className="student-dashboard__history">
              {ofStudent('Session history', sessionsRemote.sessionHistory)}
            </div>
          </div>
        </SWRConfig>
      </div>
    </div>
  );
}
