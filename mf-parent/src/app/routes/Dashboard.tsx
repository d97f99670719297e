import { Link, useStudents, paths } from '@logbook/shell-context/shared';
import { EmptyState, Spinner, buttonClass } from '@logbook/ui/shared';
import { useRequireParent } from '../../lib/useRequireParent';
import { DashboardFrame, plusIcon } from '../components/DashboardFrame';
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
        icon={
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <circle cx="12" cy="8" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.7" />
            <path d="M5 19c1.2-3.4 3.8-5 7-5s5.8 1.6 7 5" fill="none" stroke="currentColor" strokeWidth="1.7" />
          </svg>
        }
        title="No students yet"
        description="Add a learner driver to start logging supervised driving sessions."
        action={
          <Link to={paths.newStudent} className={buttonClass('primary')}>
            {plusIcon}
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
