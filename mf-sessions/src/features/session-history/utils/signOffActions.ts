import { toast } from '@logbook/ui/lib/toastStore';
import { apiRequest, ApiError, errorMessageOf } from '@logbook/shell-context/apiClient';
import { DRIVING_SESSIONS_URL } from '../../../lib/sessionApi';

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
 * it refuses). Loaded on the first click: the history's first view does not carry it.
 */
export async function runSignOffAction(sessionId: number, action: SignOffAction): Promise<boolean> {
  try {
    await apiRequest(
      'POST',
      `${DRIVING_SESSIONS_URL}/${sessionId}/sign-off/${action}`,
      action === 'resend' ? {} : undefined,
    );
    toast({ title: DONE[action] });
    return true;
  } catch (error) {
    const description =
      error instanceof ApiError
        ? (errorMessageOf(error.body) ?? `Please try again (error ${error.status}).`)
        : 'You are offline: this needs a connection.';
    toast({ title: FAILED[action], description, variant: 'destructive' });
    return false;
  }
}
