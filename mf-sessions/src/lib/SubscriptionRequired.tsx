import { Link, paths } from '@logbook/shell-context/shared';
import { Alert, buttonClass } from '@logbook/ui/shared';

/** Sessions come with the subscription: parent screens ask for nothing about them until it is active. */
export function SubscriptionRequired({ studentId }: { studentId: number }) {
  return (
    <Alert
      title="Subscription required"
      variant="warning"
      action={
        <Link to={paths.subscribe(studentId)} className={buttonClass('primary', 'sm')}>
          Subscribe
        </Link>
      }
    >
      Sessions and progress are available once this student&apos;s subscription is active.
    </Alert>
  );
}
