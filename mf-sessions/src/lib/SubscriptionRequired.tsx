import { Link } from 'react-router-dom';
import { Alert } from '@logbook/ui/Alert';
import { buttonClass } from '@logbook/ui/lib/buttonClass';

/** Parent screens ask for nothing about sessions until the student's subscription is active (spec §7). */
export function SubscriptionRequired({ studentId }: { studentId: number }) {
  return (
    <Alert
      title="Subscription required"
      variant="warning"
      action={
        <Link to={`/students/${studentId}/subscribe`} className={buttonClass('primary', 'sm')}>
          Subscribe
        </Link>
      }
    >
      Sessions and progress are available once this student&apos;s subscription is active.
    </Alert>
  );
}
