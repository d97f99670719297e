import { deviceTimeZone, TOASTS } from '@logbook/contracts/view';
import type { DrivingSessionInput } from '@logbook/contracts/view';
import { ApiError, errorMessageOf } from '@logbook/shell-context/shared';

export const DRIVING_SESSIONS_URL = '/api/driving-sessions';
/** A send that hangs longer than this is treated like a dropped connection; the client id makes the retry safe. */
const SEND_TIMEOUT_MS = 20_000;

export type SendOutcome =
  | { kind: 'sent' }
  /** The server looked at the session and said no (4xx): it must go back to the family as a draft. */
  | { kind: 'refused'; status: number; message: string }
  /** No answer, a server fault, or a sign-in that lapsed: worth trying again later. */
  | { kind: 'retry'; reason: string; status?: number; message?: string };

/** 401 (signed out), 408 and 429 pass with time; other 4xx answers are about the session itself. */
const RETRYABLE_CLIENT_STATUSES = new Set([401, 408, 425, 429]);

/**
 * The session with the time zone its date was given in: the one it was queued in, else this device's now. The server
 * then accepts a drive on the driver's own today while Adelaide is still on the day before.
 */
function withTimeZone(payload: DrivingSessionInput): DrivingSessionInput {
  if (payload.timeZone) return payload;
  const timeZone = deviceTimeZone();
  return timeZone ? { ...payload, timeZone } : payload;
}

/** Sends one session; never throws, so a caller cannot lose it to an unexpected exception. */
export async function sendDrivingSession(
  payload: DrivingSessionInput,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<SendOutcome> {
  let res: Response;
  try {
    const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined;
    res = await fetchImpl(DRIVING_SESSIONS_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(withTimeZone(payload)),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    // No HTTP answer at all (offline, dropped connection, time-out).
    return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
  }
  if (res.ok) return { kind: 'sent' };
  const body = await res.text().catch(() => '');
  const message = errorMessageOf(body) ?? TOASTS.sessionCreateFailed;
  if (res.status >= 500 || RETRYABLE_CLIENT_STATUSES.has(res.status)) {
    return {
      kind: 'retry',
      reason: new ApiError(res.status, res.statusText, body).message,
      status: res.status,
      message,
    };
  }
  return { kind: 'refused', status: res.status, message };
}

/** True when the browser says there is no connection at all. */
export function browserIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
