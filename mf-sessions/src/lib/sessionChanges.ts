import { TOASTS } from '@logbook/contracts/view';
import { apiRequest, ApiError, errorMessageOf } from '@logbook/shell-context/shared';
import { DRIVING_SESSIONS_URL } from './sessionApi';
import { changeReasonSchema } from '@logbook/contracts/schemas';
import type { SessionPayload } from './sessionValues';

/** What is wrong with a reason typed for a correction or a removal, if anything (the server's own words). */
export function reasonProblem(reason: string): string | undefined {
  const parsed = changeReasonSchema.safeParse(reason);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The server's words for a refused change, else a general one. */
export function changeFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return errorMessageOf(error.body) ?? TOASTS.sessionCreateFailed;
  if (error instanceof TypeError) return 'You are offline: corrections and removals need a connection.';
  return TOASTS.sessionCreateFailed;
}

/** POST /api/driving-sessions/:id/correction: the whole corrected session (both signatures again) and why. */
export async function postCorrection(sessionId: number, payload: SessionPayload, reason: string): Promise<void> {
  await apiRequest('POST', `${DRIVING_SESSIONS_URL}/${sessionId}/correction`, { ...payload, reason: reason.trim() });
}

/** POST /api/driving-sessions/:id/removal: the entry stays in the book, struck out with the reason. */
export async function postRemoval(sessionId: number, reason: string): Promise<void> {
  await apiRequest('POST', `${DRIVING_SESSIONS_URL}/${sessionId}/removal`, { reason: reason.trim() });
}
