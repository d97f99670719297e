import { Link, paths } from '@logbook/shell-context/shared';
import { buttonClass } from '@logbook/ui/shared';

export interface SubscriptionNeededProps {
  studentId: number;
  name: string;
  dashboardPath: string;
}

/** In place of the parent's form while the student's subscription is not active: fetched only then. */
export default function SubscriptionNeeded({ studentId, name, dashboardPath }: SubscriptionNeededProps) {
  return (
    <div className="ll-page">
      <div className="ll-card lls-screen-message">
        <div className="ll-empty">
          <h1 className="ll-empty__title">An active subscription is needed</h1>
          <p className="ll-empty__description">
            New sessions can be logged for {name || 'this student'} once their subscription is active. Your saved drafts
            stay on this device until then.
          </p>
          <div className="ll-empty__action lls-row">
            <Link to={paths.subscribe(studentId)} className={buttonClass('primary', 'md')}>
              Subscribe
            </Link>
            <Link to={dashboardPath} className={buttonClass('outline', 'md')}>
              Return to Dashboard
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
