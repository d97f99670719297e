import { ApiError, apiRequest } from '@logbook/shell-context/apiClient';
import type { LoginInput, RegisterInput } from '@logbook/contracts/schemas';

export type AuthOutcome =
  { ok: true } | { ok: false; kind: 'rejected'; serverMessage?: string } | { ok: false; kind: 'network' };

async function post(url: string, body: LoginInput | RegisterInput): Promise<AuthOutcome> {
  try {
    await apiRequest('POST', url, body);
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, kind: 'rejected', serverMessage: error.serverMessage };
    return { ok: false, kind: 'network' };
  }
}

export const login = (input: LoginInput) => post('/api/login', input);
export const register = (input: RegisterInput) => post('/api/register', input);
