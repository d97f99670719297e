import { ApiError, apiRequest } from '@logbook/shell-context/apiClient';

export type ResetRequestOutcome =
  | { ok: true; message?: string }
  | { ok: false; kind: 'rejected'; serverMessage?: string; status: number }
  | { ok: false; kind: 'network' };

async function post(url: string, body: unknown): Promise<ResetRequestOutcome> {
  try {
    const res = await apiRequest('POST', url, body);
    const text = await res.text().catch(() => '');
    let message: string | undefined;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // An empty or non-JSON success body: the page says its own words.
    }
    return { ok: true, message };
  } catch (error) {
    if (error instanceof ApiError)
      return { ok: false, kind: 'rejected', serverMessage: error.serverMessage, status: error.status };
    return { ok: false, kind: 'network' };
  }
}

/** POST /api/password-reset: answers 202 with the same words whether or not the address has an account. */
export const requestPasswordReset = (email: string) => post('/api/password-reset', { email });

/** POST /api/password-reset/confirm: sets the new password when the link's token is still good. */
export const confirmPasswordReset = (token: string, password: string) =>
  post('/api/password-reset/confirm', { token, password });
