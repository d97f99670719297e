import { Alert, Button } from '@logbook/ui/shared';
import { TOASTS } from '@logbook/contracts/view';

/** The card form could not be drawn; with `onRetry`, a button that tries again. */
export function PaymentFormUnavailable({ onRetry }: { onRetry?: () => void }) {
  const tryAgain = onRetry && (
    <Button variant="outline" size="sm" onClick={onRetry}>
      Try again
    </Button>
  );
  return (
    <Alert variant="destructive" title="Payment form unavailable" action={tryAgain}>
      {TOASTS.stripeLoadFailed}
    </Alert>
  );
}
