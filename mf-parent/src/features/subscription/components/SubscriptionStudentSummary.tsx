import { Badge } from '@logbook/ui/shared';
import { formatDisplayDate, isActive } from '@logbook/contracts/view';
import type { Student } from '@logbook/contracts/view';

/** Who the subscription is for, and whether it is active now. */
export function SubscriptionStudentSummary({ student }: { student: Student }) {
  const active = isActive(student.subscriptionStatus);
  return (
    <div className="pp-sub-student">
      <div>
        <h2 className="pp-sub-student__name">
          {student.firstName} {student.lastName}
        </h2>
        <p className="pp-panel__muted">Date of birth: {formatDisplayDate(student.dateOfBirth)}</p>
      </div>
      <Badge variant={active ? 'success' : 'outline'} data-testid="subscription-status">
        <span aria-hidden="true">{active ? '●' : '○'}</span>
        {active ? 'Active' : 'Inactive'}
      </Badge>
    </div>
  );
}
