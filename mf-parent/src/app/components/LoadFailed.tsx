import { Button } from '@logbook/ui/shared';
import { CenteredMessage } from './CenteredMessage';

/** What could not be loaded, and a button that asks for it again. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <CenteredMessage
      title={title}
      action={
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      Check your connection and try again.
    </CenteredMessage>
  );
}
