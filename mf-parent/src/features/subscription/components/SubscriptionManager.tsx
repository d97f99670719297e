import { Alert, Button } from '@logbook/ui/shared';
import { BILLING_ERRORS, PAYMENT_TEXT, TRIAL_TEXT, TRIAL_DAYS, isActive } from '@logbook/contracts/view';
import type { Student } from '@logbook/contracts/view';
import { GiftIcon } from '../../../lib/icons';
import { useBillingHolder } from '../../../lib/useFamily';
import { useSubscriptionActions } from '../hooks/useSubscriptionActions';
import { useSubscriptionDetails } from '../hooks/useSubscriptionDetails';
import { ActiveSubscriptionNotice } from './ActiveSubscriptionNotice';
import { PaymentReturnNotice } from './PaymentReturnNotice';
import { PaymentStep } from './PaymentStep';
import { UnfinishedSubscriptionNotice } from './UnfinishedSubscriptionNotice';

/**
 * 'First Month FREE!' (once it was used, what a new subscription costs); start the trial and pay, see and cancel the
 * active subscription, or pay (or confirm with the bank) what a subscription still owes. After a bank's page, Stripe's
 * `redirect_status` says how the payment went.
 */
export function SubscriptionManager({ student }: { student: Student }) {
  const active = isActive(student.subscriptionStatus);
  const { data: details } = useSubscriptionDetails(student.id);
  // Until the billing service answers the free month is offered; it decides either way when the subscription starts.
  const trialAvailable = details?.trialAvailable !== false;
  const holder = useBillingHolder();
  const { subscription, pending, start, finish, cancel, pay, resume, changeCard, changingCard } =
    useSubscriptionActions(student);
  const step = details?.nextStep ?? null;
  const confirm = step === 'confirm_payment';

  /** What the subscription needs next, drawn below what a return from the bank's page said. */
  const steps = () => {
    // A payment was disputed with the bank: the family's subscriptions were canceled and no new one starts.
    if (details?.accountDisputed && !active && !subscription) {
      return (
        <Alert variant="destructive" title={PAYMENT_TEXT.disputedTitle}>
          {BILLING_ERRORS.accountDisputed}
        </Alert>
      );
    }

    if (step && !subscription) {
      return (
        <UnfinishedSubscriptionNotice
          testId="owed-payment"
          title={confirm ? PAYMENT_TEXT.confirmTitle : PAYMENT_TEXT.neededTitle}
          text={confirm ? PAYMENT_TEXT.confirm : PAYMENT_TEXT.needed}
          stepLabel={confirm ? PAYMENT_TEXT.confirmButton : PAYMENT_TEXT.neededButton}
          onStep={pay}
          stepPending={pending === 'pay'}
          cancelQuestion={`Are you sure you want to cancel ${student.firstName}'s subscription? Nothing more is charged for it.`}
          canceling={pending === 'cancel'}
          onCancel={holder.mayManage ? cancel : undefined}
        />
      );
    }

    // During a renewal's grace period the student is still active: paying what is owed shows the card form.
    if (active && !subscription) {
      return (
        <ActiveSubscriptionNotice
          firstName={student.firstName}
          details={details}
          pending={pending}
          onCancel={cancel}
          onResume={resume}
          onChangeCard={changeCard}
          holder={holder}
        />
      );
    }

    // Still at the provider but waiting for a card (a trial begun without one): save it, or cancel.
    if (!subscription && student.subscriptionStatus === 'incomplete' && details?.subscriptionId) {
      return (
        <UnfinishedSubscriptionNotice
          testId="waiting-card"
          title={TRIAL_TEXT.waitingTitle}
          text={TRIAL_TEXT.waiting}
          stepLabel={TRIAL_TEXT.saveCard}
          onStep={start}
          stepPending={pending === 'start'}
          cancelQuestion={`Are you sure you want to cancel ${student.firstName}'s subscription? Nothing is charged for it.`}
          canceling={pending === 'cancel'}
          onCancel={holder.mayManage ? cancel : undefined}
        />
      );
    }

    if (!subscription || !subscription.clientSecret || subscription.type === 'none') {
      return (
        <div className="pp-stack">
          <Button size="lg" className="ll-btn--block" onClick={start} pending={pending === 'start'}>
            {trialAvailable ? TRIAL_TEXT.startTrial : TRIAL_TEXT.startPaid}
          </Button>
          <p className="pp-panel__muted pp-center">{trialAvailable ? TRIAL_TEXT.trialNote : TRIAL_TEXT.paidNote}</p>
        </div>
      );
    }

    return (
      <section className="pp-stack" aria-label="Payment details" data-testid="payment-step">
        <div>
          <h3 className="pp-section-title">Payment details</h3>
          <p className="pp-panel__muted">
            {changingCard
              ? PAYMENT_TEXT.changeCardNote
              : subscription.type === 'setup'
                ? `Your card is saved now and first charged when the ${TRIAL_DAYS}-day trial ends.`
                : confirm
                  ? PAYMENT_TEXT.confirm
                  : step
                    ? 'Your card is charged for the month now.'
                    : 'Your card is charged for the first month now.'}
          </p>
        </div>
        {pending === 'finish' ? (
          <p className="pp-panel__muted" role="status">
            Finishing your subscription…
          </p>
        ) : (
          <PaymentStep
            subscription={{ ...subscription, clientSecret: subscription.clientSecret, type: subscription.type }}
            studentId={student.id}
            submitLabel={changingCard ? PAYMENT_TEXT.changeCardLabel : step ? PAYMENT_TEXT.payLabel : undefined}
            authenticate={confirm}
            onSuccess={finish}
          />
        )}
      </section>
    );
  };

  return (
    <>
      <div className="ll-alert pp-trial" data-testid="trial-banner">
        <span className="ll-tile pp-trial__icon">
          <GiftIcon />
        </span>
        <div>
          <p className="pp-trial__title">{trialAvailable ? TRIAL_TEXT.offerTitle : TRIAL_TEXT.usedTitle}</p>
          <p className="ll-alert__text">{trialAvailable ? TRIAL_TEXT.offer : TRIAL_TEXT.used}</p>
        </div>
      </div>
      <PaymentReturnNotice onReturn={finish} />
      {steps()}
    </>
  );
}
