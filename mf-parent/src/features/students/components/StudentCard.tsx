import { Link, paths } from '@logbook/shell-context/shared';
import { buttonClass } from '@logbook/ui/shared';
import { formatDisplayDate, isActive } from '@logbook/contracts/view';
import type { Student } from '@logbook/contracts/view';
import { SubscriptionBadge } from './SubscriptionBadge';

/** A student's details and what the parent can do next. */
export function StudentCard({ student }: { student: Student }) {
  const name = `${student.firstName} ${student.lastName}`;
  const headingId = `student-${student.id}-name`;
  return (
    <section className="pp-student-card" aria-labelledby={headingId}>
      <div className="pp-student-card__head">
        <div className="ll-tile pp-avatar" aria-hidden="true">
          {student.firstName.charAt(0).toUpperCase()}
          {student.lastName.charAt(0).toUpperCase()}
        </div>
        <div className="pp-student-card__title">
          <h2 id={headingId} className="pp-student-card__name">
            {name}
          </h2>
          <SubscriptionBadge status={student.subscriptionStatus} studentId={student.id} />
        </div>
      </div>
      <dl className="pp-facts">
        <div>
          <dt>Date of birth</dt>
          <dd>{formatDisplayDate(student.dateOfBirth)}</dd>
        </div>
        {student.licenseNumber ? (
          <div>
            <dt>License number</dt>
            <dd>{student.licenseNumber}</dd>
          </div>
        ) : null}
      </dl>
      <div className="pp-student-card__actions">
        <Link to={paths.studentSessions(student.id)} className={buttonClass('primary', 'sm')}>
          View Sessions
        </Link>
        <Link to={paths.subscribe(student.id)} className={buttonClass('outline', 'sm')}>
          {isActive(student.subscriptionStatus) ? 'Manage' : 'Subscribe'}
        </Link>
        <Link to={paths.editStudent(student.id)} className={buttonClass('ghost', 'sm')}>
          Edit Student
        </Link>
      </div>
    </section>
  );
}
