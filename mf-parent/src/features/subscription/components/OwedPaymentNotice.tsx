import { useState } from 'react';
import { Alert, Button } from '@logbook/ui/shared';
import { PAYMENT_TEXT } from '@logbook/contracts/view';
import type { SubscriptionNextStep } from '@logbook/contracts/view';
import { ConfirmDialog } from '../../../lib/ConfirmDialog';

export interface OwedPaymentNoticeProps {
  firstName: string;
  step: SubscriptionNextStep;
  paying: boolean;
  canceling: boolean;
  onPay: () => void;
  /** Absent for a guardian who does not hold the subscription: only its holder cancels. */
  onCancel?: () => Promise<boolean>;
}

/** A subscription that still exists but is owed: pay (or confirm with the bank), or cancel it. */
export function OwedPaymentNotice({ firstName, step, paying, canceling, onPay, onCancel }: OwedPaymentNoticeProps) {
  const [confirming, setConfirming] = useState(false);
  const confirm = step === 'confirm_payment';
  return (
    <div className="pp-stack" data-testid="owed-payment">
      <Alert variant="warning" title={confirm ? PAYMENT_TEXT.confirmTitle : PAYMENT_TEXT.neededTitle}>
        {confirm ? PAYMENT_TEXT.confirm : PAYMENT_TEXT.needed}
      </Alert>
      <div className="pp-student-card__actions">
        <Button onClick={onPay} pending={paying}>
          {confirm ? PAYMENT_TEXT.confirmButton : PAYMENT_TEXT.neededButton}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={() => setConfirming(true)} pending={canceling}>
            {PAYMENT_TEXT.cancel}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={PAYMENT_TEXT.cancel}
        description={`Are you sure you want to cancel ${firstName}'s subscription? Nothing more is charged for it.`}
        confirmLabel={PAYMENT_TEXT.cancel}
        cancelLabel="Keep Subscription"
        pending={canceling}
        onConfirm={async () => {
          if (await onCancel?.()) setConfirming(false);
        }}
      />
    </div>
  );
}
