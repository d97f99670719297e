import type { RegistrationInput } from '@logbook/contracts/account';
import type { LoginInput } from '@logbook/contracts/schemas';

export type AuthOutcome =
  { ok: true } | { ok: false; kind: 'rejected'; serverMessage?: string } | { ok: false; kind: 'network' };

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

async function post(url: string, body: LoginInput | RegistrationInput): Promise<AuthOutcome> {
  let api: ApiClient;
  try {
    api = await loadApiClient();
  } catch {
    // The client could not be fetched (no connection): the same as the request not reaching the server.
    return { ok: false, kind: 'network' };
  }
  try {
    await api.apiRequest('POST', url, body);
    return { ok: true };
  } catch (error) {
    if (error instanceof api.ApiError) return { ok: false, kind: 'rejected', serverMessage: error.serverMessage };
    return { ok: false, kind: 'network' };
  }
}

export const login = (input: LoginInput) => post('/api/login', input);
export const register = (input: RegistrationInput) => post('/api/register', input);
