import { Alert, Button } from '@logbook/ui/shared';
import { CancelSubscriptionButton } from './CancelSubscriptionButton';

export interface UnfinishedSubscriptionNoticeProps {
  testId: string;
  title: string;
  text: string;
  /** The step that finishes it: pay, confirm with the bank, or save a card. */
  stepLabel: string;
  onStep: () => void;
  stepPending: boolean;
  /** The cancel dialog's question. */
  cancelQuestion: string;
  canceling: boolean;
  /** Absent for a guardian who does not hold the subscription: only its holder cancels. */
  onCancel?: () => Promise<boolean>;
}

/** A subscription that still exists but waits on a payment or a card: take that step, or cancel it. */
export function UnfinishedSubscriptionNotice(props: UnfinishedSubscriptionNoticeProps) {
  const { testId, title, text, stepLabel, onStep, stepPending, cancelQuestion, canceling, onCancel } = props;
  return (
    <div className="pp-stack" data-testid={testId}>
      <Alert variant="warning" title={title}>
        {text}
      </Alert>
      <div className="pp-student-card__actions">
        <Button onClick={onStep} pending={stepPending}>
          {stepLabel}
        </Button>
        {onCancel && (
          <CancelSubscriptionButton
            variant="outline"
            question={cancelQuestion}
            canceling={canceling}
            onCancel={onCancel}
          />
        )}
      </div>
    </div>
  );
}
