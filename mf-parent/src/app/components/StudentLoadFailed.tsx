import { isNotFound } from '../../lib/errors';
import { BackLink } from './BackLink';
import { CenteredMessage } from './CenteredMessage';
import { LoadFailed } from './LoadFailed';

/** A student's screen without its student: not on this account, or not loaded (with a retry). */
export function StudentLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return isNotFound(error) ? (
    <CenteredMessage title="Student not found" variant="warning" action={<BackLink />}>
      This student does not exist or is not on your account.
    </CenteredMessage>
  ) : (
    <LoadFailed title="The student could not be loaded" onRetry={onRetry} />
  );
}
