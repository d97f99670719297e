import { Alert, Button } from '@logbook/ui/shared';
import { PAYMENT_TEXT, PRICE_AUD, PRICE_CURRENCY, type SubscriptionView } from '@logbook/contracts/view';
import type { BillingHolder } from '../../../lib/useFamily';
import { CheckCircleIcon } from '../../../lib/icons';
import type { SubscriptionAction } from '../hooks/useSubscriptionActions';
import { formatBillingDate, parseBillingDate } from '../utils/subscriptionDates';
import { CancelSubscriptionButton } from './CancelSubscriptionButton';

export interface ActiveSubscriptionNoticeProps {
  firstName: string;
  details?: SubscriptionView;
  /** The action under way, whose button shows it. */
  pending: SubscriptionAction | null;
  onCancel: () => Promise<boolean>;
  onResume: () => void;
  onChangeCard: () => void;
  /** Whether this guardian holds the subscription (the card, cancelling and resuming are theirs alone). */
  holder: BillingHolder;
}

/**
 * 'Active Subscription': what it costs, when it next bills, Change card, and Cancel Subscription after a confirmation
 * (it then ends with the period paid for: "Ends on …" with Resume).
 */
export function ActiveSubscriptionNotice({
  firstName,
  details,
  pending,
  onCancel,
  onResume,
  onChangeCard,
  holder,
}: ActiveSubscriptionNoticeProps) {
  const trialEnd = parseBillingDate(details?.trialEnd);
  const periodEnd = parseBillingDate(details?.currentPeriodEnd);
  const trialRunning = trialEnd !== null && trialEnd.getTime() > Date.now();
  const ending = Boolean(details?.cancelAtPeriodEnd);
  const running = Boolean(details?.subscriptionId) && !details?.nextStep;

  return (
    <div className="pp-stack">
      <Alert variant="success" title="Active Subscription" icon={<CheckCircleIcon />}>
        <p>
          {firstName}&rsquo;s subscription is active and bills ${PRICE_AUD.toFixed(2)} {PRICE_CURRENCY} monthly, incl.
          GST.
        </p>
        {ending ? (
          periodEnd && <p data-testid="ends-on">Ends on {formatBillingDate(periodEnd)}.</p>
        ) : trialRunning && trialEnd ? (
          <p data-testid="trial-end">Free trial until {formatBillingDate(trialEnd)}.</p>
        ) : periodEnd ? (
          <p>Next billing date: {formatBillingDate(periodEnd)}.</p>
        ) : null}
      </Alert>
      {holder.heldBy && (
        <p className="pp-panel__muted" data-testid="held-by">
          <strong>{holder.heldBy}</strong> holds this subscription: only they can change the card, cancel or resume it.
        </p>
      )}
      {holder.mayManage && (
        <div className="ll-actions">
          {running && (
            <Button variant="outline" onClick={onChangeCard} pending={pending === 'card'}>
              {PAYMENT_TEXT.changeCard}
            </Button>
          )}
          {ending && running ? (
            <Button onClick={onResume} pending={pending === 'resume'}>
              {PAYMENT_TEXT.resume}
            </Button>
          ) : (
            <CancelSubscriptionButton
              variant="destructive"
              question={
                running && periodEnd
                  ? `Are you sure you want to cancel ${firstName}'s subscription? It ends on ${formatBillingDate(periodEnd)}, and logging new sessions goes on until then; you can resume it before that date.`
                  : `Are you sure you want to cancel ${firstName}'s subscription? Logging new sessions and the student login stop working until you subscribe again.`
              }
              canceling={pending === 'cancel'}
              onCancel={onCancel}
            />
          )}
        </div>
      )}
    </div>
  );
}
