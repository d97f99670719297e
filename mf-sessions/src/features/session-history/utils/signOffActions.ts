import { errorMessageOf, type ToastInput } from '@logbook/shell-context/shared';

export type SignOffAction = 'resend' | 'cancel';

const DONE: Record<SignOffAction, string> = {
  resend: 'A new signing link was emailed to the supervisor',
  cancel: 'Signature request cancelled',
};

const FAILED: Record<SignOffAction, string> = {
  resend: 'The signing link could not be sent again',
  cancel: 'The signature request could not be cancelled',
};

/**
 * POST /api/driving-sessions/:id/sign-off/resend or /cancel (parents only), told in a toast (the server's words when
 * it refuses). Loaded on the first click: the history's first view carries none of it.
 */
export async function runSignOffAction(
  sessionId: number,
  action: SignOffAction,
  toast: (input: ToastInput) => unknown,
): Promise<boolean> {
  let description: string;
  try {
    const res = await fetch(`/api/driving-sessions/${sessionId}/sign-off/${action}`, {
      method: 'POST',
      credentials: 'include',
    });
    if (res.ok) {
      toast({ title: DONE[action] });
      return true;
    }
    description = errorMessageOf(await res.text()) ?? `Please try again (error ${res.status}).`;
  } catch {
    description = 'You are offline: this needs a connection.';
  }
  toast({ title: FAILED[action], description, variant: 'destructive' });
  return false;
}
