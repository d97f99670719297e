import type { RegistrationInput } from '@logbook/contracts/account';
import type { LoginInput } from '@logbook/contracts/schemas';

export type AuthOutcome =
  | { ok: true; message?: string }
  | { ok: false; kind: 'rejected'; serverMessage?: string; status: number }
  | { ok: false; kind: 'network' };

type ApiClient = typeof import('@logbook/shell-context/apiClient');

/**
 * The API client and its answer contracts stay out of the sign-in pages' first view: they are fetched when the form is
 * first focused or sent.
 */
let client: Promise<ApiClient> | undefined;
export function loadApiClient(): Promise<ApiClient> {
  client ??= import('@logbook/shell-context/apiClient').catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

/** A POST of the signed-out pages, with the success answer's `message` when it has one. */
async function post(url: string, body: object): Promise<AuthOutcome> {
  let api: ApiClient;
  try {
    api = await loadApiClient();
  } catch {
    // The client could not be fetched (no connection): the same as the request not reaching the server.
    return { ok: false, kind: 'network' };
  }
  try {
    const text = await (await api.apiRequest('POST', url, body)).text().catch(() => '');
    let message: string | undefined;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // An empty or non-JSON success body: the page says its own words.
    }
    return { ok: true, message };
  } catch (error) {
    if (error instanceof api.ApiError)
      return { ok: false, kind: 'rejected', serverMessage: error.serverMessage, status: error.status };
    return { ok: false, kind: 'network' };
  }
}

export const login = (input: LoginInput) => post('/api/login', input);
export const register = (input: RegistrationInput) => post('/api/register', input);

/** POST /api/password-reset: answers 202 with the same words whether or not the address has an account. */
export const requestPasswordReset = (email: string) => post('/api/password-reset', { email });

/** POST /api/password-reset/confirm: sets the new password when the link's token is still good. */
export const confirmPasswordReset = (token: string, password: string) =>
  post('/api/password-reset/confirm', { token, password });
