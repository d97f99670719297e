import { useState } from 'react';
import { Alert } from '@logbook/ui/Alert';
import { Button } from '@logbook/ui/Button';
import { PRICE_AUD, PRICE_CURRENCY } from '@logbook/contracts/constants';
import { ConfirmDialog } from '../../../lib/ConfirmDialog';
import { CheckCircleIcon } from '../../../lib/icons';
import type { SubscriptionDetails } from '../api/billing';
import { formatBillingDate, parseBillingDate } from '../utils/subscriptionDates';

export interface ActiveSubscriptionNoticeProps {
  firstName: string;
  details?: SubscriptionDetails;
  canceling: boolean;
  onCancel: () => Promise<boolean>;
}

/** 'Active Subscription': what it costs, when it next bills, and Cancel Subscription after a confirmation. */
export function ActiveSubscriptionNotice({ firstName, details, canceling, onCancel }: ActiveSubscriptionNoticeProps) {
  const [confirming, setConfirming] = useState(false);
  const trialEnd = parseBillingDate(details?.trialEnd);
  const periodEnd = parseBillingDate(details?.currentPeriodEnd);
  const trialRunning = trialEnd !== null && trialEnd.getTime() > Date.now();

  return (
    <div className="pp-stack">
      <Alert variant="success" title="Active Subscription" icon={<CheckCircleIcon />}>
        <p>
          {firstName}&rsquo;s subscription is active and bills ${PRICE_AUD.toFixed(2)} {PRICE_CURRENCY} monthly.
        </p>
        {trialRunning && trialEnd ? (
          <p data-testid="trial-end">Free trial until {formatBillingDate(trialEnd)}.</p>
        ) : periodEnd && !details?.cancelAtPeriodEnd ? (
          <p>Next billing date: {formatBillingDate(periodEnd)}.</p>
        ) : null}
        {periodEnd && details?.cancelAtPeriodEnd && <p>Ends on {formatBillingDate(periodEnd)}.</p>}
      </Alert>
      <div>
        <Button variant="destructive" onClick={() => setConfirming(true)} pending={canceling}>
          Cancel Subscription
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel Subscription"
        description={`Are you sure you want to cancel ${firstName}'s subscription? Logging new sessions and the student login stop working until you subscribe again.`}
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Subscription"
        pending={canceling}
        onConfirm={async () => {
          if (await onCancel()) setConfirming(false);
        }}
      />
    </div>
  );
}
