import { Button } from '@logbook/ui/Button';
import { TRIAL_DAYS } from '@logbook/contracts/constants';
import { isActive } from '@logbook/contracts/subscription';
import type { Student } from '@logbook/contracts/schemas';
import { useSubscriptionActions } from '../hooks/useSubscriptionActions';
import { useSubscriptionDetails } from '../hooks/useSubscriptionDetails';
import { ActiveSubscriptionNotice } from './ActiveSubscriptionNotice';
import { PaymentStep } from './PaymentStep';

/** Start the free trial and pay, or see and cancel the active subscription. */
export function SubscriptionManager({ student }: { student: Student }) {
  const active = isActive(student.subscriptionStatus);
  const { data: details } = useSubscriptionDetails(student.id, true);
  const { subscription, pending, start, finish, cancel } = useSubscriptionActions(student);

  if (active) {
    return (
      <ActiveSubscriptionNotice
        firstName={student.firstName}
        details={details}
        canceling={pending === 'cancel'}
        onCancel={cancel}
      />
    );
  }

  if (!subscription) {
    return (
      <div className="pp-stack">
        <Button size="lg" className="ll-btn--block" onClick={start} pending={pending === 'start'}>
          Start Free {TRIAL_DAYS}-Day Trial
        </Button>
        <p className="pp-panel__muted pp-center">No charge today. You can cancel at any time during the trial.</p>
      </div>
    );
  }

  return (
    <section className="pp-stack" aria-label="Payment details" data-testid="payment-step">
      <div>
        <h3 className="pp-section-title">Payment details</h3>
        <p className="pp-panel__muted">
          {subscription.type === 'setup'
            ? `Your card is saved now and first charged when the ${TRIAL_DAYS}-day trial ends.`
            : 'Your card is charged for the first month now.'}
        </p>
      </div>
      {pending === 'finish' ? (
        <p className="pp-panel__muted" role="status">
          Finishing your subscription…
        </p>
      ) : (
        <PaymentStep subscription={subscription} onSuccess={finish} />
      )}
    </section>
  );
}
