import { SIGN_OUT_WAITING } from '@logbook/contracts/view';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface UnsentSessionsDialogProps {
  /** Sessions still waiting on this device; the dialog is open while this is above 0. */
  waiting: number;
  stillWaiting: boolean;
  sending: boolean;
  signingOut: boolean;
  onSendNow: () => void;
  onStay: () => void;
  onSignOut: () => void;
}

/**
 * Asked at sign-out while sessions wait to be sent. Buttons stay enabled while something runs (a disabled button
 * would drop keyboard focus out of the dialog); a second press is simply ignored.
 */
export function UnsentSessionsDialog({
  waiting,
  stillWaiting,
  sending,
  signingOut,
  onSendNow,
  onStay,
  onSignOut,
}: UnsentSessionsDialogProps) {
  const busy = sending || signingOut;
  const unlessBusy = (action: () => void) => () => {
    if (!busy) action();
  };
  return (
    <Dialog
      open={waiting > 0}
      onOpenChange={(open) => !open && !busy && onStay()}
      title={SIGN_OUT_WAITING.title}
      description={SIGN_OUT_WAITING.description(waiting)}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={unlessBusy(onStay)} aria-disabled={busy || undefined}>
            {SIGN_OUT_WAITING.stay}
          </Button>
          <Button variant="outline" onClick={unlessBusy(onSignOut)} aria-disabled={busy || undefined}>
            {signingOut && <span className="ll-spinner" aria-hidden="true" />}
            {SIGN_OUT_WAITING.signOut}
          </Button>
          <Button autoFocus onClick={unlessBusy(onSendNow)} aria-disabled={busy || undefined}>
            {sending && <span className="ll-spinner" aria-hidden="true" />}
            {SIGN_OUT_WAITING.sendNow}
          </Button>
        </>
      }
    >
      <p role="status" data-testid="unsent-sessions-status">
        {sending ? 'Sending…' : stillWaiting ? SIGN_OUT_WAITING.stillWaiting : ''}
      </p>
    </Dialog>
  );
}
