import { signOffDoneAnswer, signOffEntryAnswer } from '@logbook/contracts/answers';
import type { SignOffDone, SignOffEntry, SignOffInput } from '@logbook/contracts/sign-off';
import { errorMessageOf, readAnswer } from '@logbook/shell-context/apiClient';

export type { SignOffEntry, SignOffDone, SignOffInput };

export type Outcome<T> =
  | { kind: 'ok'; answer: T }
  /** The link is used, expired, cancelled or was never one: the API says so in one way for all. */
  | { kind: 'notLive' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; offline: boolean };

/** One call of the public signing API: no cookie is needed or sent. */
async function call<T>(path: string, read: (res: Response) => Promise<T>, init: RequestInit = {}): Promise<Outcome<T>> {
  let res: Response;
  try {
    // No Referer: a page opened from a link sent as /sign/<token> would name the token to every log on the way.
    res = await fetch(path, { credentials: 'omit', referrerPolicy: 'no-referrer', ...init });
  } catch {
    return { kind: 'failed', offline: !navigator.onLine };
  }
  if (res.status === 404) return { kind: 'notLive' };
  if (res.status === 400 || res.status === 409 || res.status === 429) {
    return { kind: 'refused', message: errorMessageOf(await res.text()) ?? 'Please check the form and try again.' };
  }
  if (!res.ok) return { kind: 'failed', offline: false };
  try {
    return { kind: 'ok', answer: await read(res) };
  } catch {
    return { kind: 'failed', offline: false };
  }
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

// The token travels in the body: a path is written down by every log on the way.
export const fetchSignOffEntry = (token: string) =>
  call('/api/signing/entry', (res) => readAnswer(res, signOffEntryAnswer), post({ token }));

export const signEntry = (token: string, input: SignOffInput) =>
  call('/api/signing/sign', (res) => readAnswer(res, signOffDoneAnswer), post({ token, ...input }));

export const declineEntry = (token: string, reason: string) =>
  call('/api/signing/decline', (res) => readAnswer(res, signOffDoneAnswer), post({ token, reason }));
