import { useState } from 'react';
import { Button, type ButtonProps } from '@logbook/ui/shared';
import { PAYMENT_TEXT } from '@logbook/contracts/view';
import { ConfirmDialog } from '../../../lib/ConfirmDialog';

export interface CancelSubscriptionButtonProps {
  variant: ButtonProps['variant'];
  /** The dialog's question: what cancelling this subscription does. */
  question: string;
  canceling: boolean;
  /** True once cancelled: the dialog then closes; a refusal keeps it open. */
  onCancel: () => Promise<boolean>;
}

/** Cancel Subscription, asked again in a dialog before anything is cancelled. */
export function CancelSubscriptionButton({ variant, question, canceling, onCancel }: CancelSubscriptionButtonProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setConfirming(true)} pending={canceling}>
        {PAYMENT_TEXT.cancel}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={PAYMENT_TEXT.cancel}
        description={question}
        confirmLabel={PAYMENT_TEXT.cancel}
        cancelLabel="Keep Subscription"
        pending={canceling}
        onConfirm={async () => {
          if (await onCancel()) setConfirming(false);
        }}
      />
    </>
  );
}
