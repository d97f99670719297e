import { Link, Navigate, useNavigate, paths } from '@logbook/shell-context/shared';
import { Spinner, BrandLink } from '@logbook/ui/shared';
import type { StudentAuth } from '@logbook/contracts/view';
import { StudentLoginForm } from '../../features/student-auth/components/StudentLoginForm';
import { useStudentAuth } from '../../features/student-auth/hooks/useStudentAuth';
import { CapIcon } from '../../lib/icons';
import '../student.css';

export default function StudentLogin() {
  const { state, mutate } = useStudentAuth();
  const navigate = useNavigate();

  if (state.status === 'checking') return <Spinner label="Checking your sign-in…" />;
  if (state.status === 'signedIn') return <Navigate to={paths.studentDashboard} replace />;

  const onSignedIn = async (student: StudentAuth) => {
    await mutate({ student }, { revalidate: false });
    navigate(paths.studentDashboard, { replace: true });
  };

  return (
    <div className="student-login">
      <BrandLink />
      <section className="ll-panel" aria-labelledby="student-login-title">
        <div className="ll-panel__head">
          <span className="ll-tile student-login__icon" aria-hidden="true">
            <CapIcon />
          </span>
          <h1 id="student-login-title" className="ll-panel__title">
            Student Login
          </h1>
          <p className="ll-panel__description">Sign in to log your driving sessions and see your progress.</p>
        </div>
        <StudentLoginForm onSignedIn={onSignedIn} />
        {/* Only a parent can create a student's login. */}
        <p className="student-login__hint">
          Don&apos;t have login credentials? Ask your parent or guardian to create an account for you.
        </p>
      </section>
      <p className="ll-panel__switch">
        Parent or guardian? <Link to={paths.login}>Sign in here</Link>
      </p>
    </div>
  );
}
