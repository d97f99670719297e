import { useState } from 'react';
import { Alert, Button } from '@logbook/ui/shared';
import { PAYMENT_TEXT, TRIAL_TEXT } from '@logbook/contracts/view';
import { ConfirmDialog } from '../../../lib/ConfirmDialog';

export interface WaitingCardNoticeProps {
  firstName: string;
  starting: boolean;
  canceling: boolean;
  onSaveCard: () => void;
  /** Absent for a guardian who does not hold the subscription: only its holder cancels. */
  onCancel?: () => Promise<boolean>;
}

/** A subscription that exists at the provider but waits for a card: save one (the same card form), or cancel it. */
export function WaitingCardNotice({ firstName, starting, canceling, onSaveCard, onCancel }: WaitingCardNoticeProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="pp-stack" data-testid="waiting-card">
      <Alert variant="warning" title={TRIAL_TEXT.waitingTitle}>
        {TRIAL_TEXT.waiting}
      </Alert>
      <div className="pp-student-card__actions">
        <Button onClick={onSaveCard} pending={starting}>
          {TRIAL_TEXT.saveCard}
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
        description={`Are you sure you want to cancel ${firstName}'s subscription? Nothing is charged for it.`}
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
