import { Link, useStudents, paths } from '@logbook/shell-context/shared';
import { EmptyState, Spinner, buttonClass } from '@logbook/ui/shared';
import { useRequireParent } from '../../lib/useRequireParent';
import { PlusIcon, StudentIcon } from '../../lib/icons';
import { DashboardFrame } from '../components/DashboardFrame';
import { LoadFailed } from '../components/LoadFailed';
import { StudentOverview } from '../components/StudentOverview';

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
          <StudentOverview key={student.id} student={student} />
        ))}
      </ul>
    );
  }

  return <DashboardFrame email={user.email}>{body}</DashboardFrame>;
}
