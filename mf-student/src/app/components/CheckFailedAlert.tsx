import { Alert, Button } from '@logbook/ui/shared';
import { problemText } from '../../lib/problemText';

/** The sign-in could not be checked: what went wrong, and a button to check again. */
export function CheckFailedAlert({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert
      variant="destructive"
      title={title}
      action={
        <Button size="sm" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {problemText(error)}
    </Alert>
  );
}
