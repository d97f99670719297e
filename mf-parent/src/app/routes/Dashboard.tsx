import { Link, useStudents, paths } from '@logbook/shell-context/shared';
import { EmptyState, Spinner, buttonClass } from '@logbook/ui/shared';
import { useRequireParent } from '../../lib/useRequireParent';
import { PlusIcon, StudentIcon } from '../../lib/icons';
import { DashboardFrame } from '../components/DashboardFrame';
import { LoadFailed } from '../components/LoadFailed';
import { DraftSessionsPanel } from '../../features/drafts/components/DraftSessionsPanel';
import { ProgressPanel } from '../../features/progress/components/ProgressPanel';
import { RunningDriveLine } from '../../features/running-drive/components/RunningDriveLine';
import { StudentLoginPanel } from '../../features/student-login/components/StudentLoginPanel';
import { StudentCard } from '../../features/students/components/StudentCard';

/** /dashboard: Your Students, each with login, progress and drafts. */
export default function Dashboard() {
  const { user, checking } = useRequireParent();
  const { data: students, error, isLoading, mutate } = useStudents(Boolean(user));

  // Until the account is known, the screen's frame: the same page the shell paints before any script has run.
  if (checking || !user) return <DashboardFrame />;

  let body;
  if (error && !students) {
    body = <LoadFailed title="Your students could not be loaded" onRetry={() => void mutate()} />;
  } else if (isLoading || !students) {
    body = <Spinner label="Loading your students…" />;
  } else if (students.length === 0) {
    body = (
      <EmptyState
        icon={<StudentIcon />}
        title="No students yet"
        description="Add a learner driver to start logging supervised driving sessions."
        action={
          <Link to={paths.newStudent} className={buttonClass('primary')}>
            <PlusIcon />
            Add First Student
          </Link>
        }
      />
    );
  } else {
    body = (
      <ul className="pp-students" aria-label="Students">
        {students.map((student) => (
          <li key={student.id} className="pp-student" data-testid="student-overview" data-student-id={student.id}>
            <StudentCard student={student} />
            <RunningDriveLine studentId={student.id} />
            <div className="pp-student__panels">
              <StudentLoginPanel student={student} />
              <ProgressPanel student={student} />
            </div>
            <DraftSessionsPanel studentId={student.id} />
          </li>
        ))}
      </ul>
    );
  }

  return <DashboardFrame email={user.email}>{body}</DashboardFrame>;
}
