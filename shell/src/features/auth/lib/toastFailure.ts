import { TOASTS } from '@logbook/contracts/messages';
import { toast } from '@logbook/shell-context/toasts';
import type { AuthOutcome } from '../api/submitAuth';

/** A refusal in the server's words (else `fallback`), or a request that did not reach the server, as a toast. */
export function toastFailure(
  title: string,
  outcome: Exclude<AuthOutcome, { ok: true }>,
  fallback: string = TOASTS.networkError,
) {
  const description = outcome.kind === 'rejected' ? outcome.serverMessage || fallback : TOASTS.networkError;
  toast({ title, description, variant: 'destructive' });
}
