import { verificationAnswer } from '@logbook/contracts/answers';
import type { VerificationAnswer } from '@logbook/contracts/responses';
import { readAnswer } from '@logbook/shell-context/apiClient';

export type { VerificationAnswer };

export type VerificationOutcome =
  | { kind: 'checked'; answer: VerificationAnswer }
  | { kind: 'unknown' }
  | { kind: 'rateLimited' }
  | { kind: 'failed'; offline: boolean };

/** Asks the public check; no cookies are needed or sent. */
export async function fetchVerification(code: string, signal?: AbortSignal): Promise<VerificationOutcome> {
  let res: Response;
  try {
    res = await fetch(`/api/verify/${encodeURIComponent(code)}`, { credentials: 'omit', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed', offline: !navigator.onLine };
  }
  if (res.status === 404) return { kind: 'unknown' };
  if (res.status === 429) return { kind: 'rateLimited' };
  if (!res.ok) return { kind: 'failed', offline: false };
  try {
    return { kind: 'checked', answer: await readAnswer(res, verificationAnswer) };
  } catch (error) {
    // An answer that cannot be read, or not in the contract's form, is a failed check, never a verdict.
    if (signal?.aborted) throw error;
    return { kind: 'failed', offline: false };
  }
}
