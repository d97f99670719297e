import { invitationAnswer, userAnswer } from '@logbook/contracts/answers';
import type { Invitation } from '@logbook/contracts/family';
import { loadApiClient } from './submitAuth';

type ApiClient = Awaited<ReturnType<typeof loadApiClient>>;

export type InvitationOutcome<T> =
  | { kind: 'ok'; answer: T }
  /** Used, expired, withdrawn or never one: the API answers every dead link the same way. */
  | { kind: 'deadLink' }
  | { kind: 'refused'; message: string }
  | { kind: 'network' };

/** One POST with the token in the body (a path is written down by every log on the way). */
async function post<T>(
  url: string,
  token: string,
  read: (api: ApiClient, res: Response) => Promise<T>,
): Promise<InvitationOutcome<T>> {
  let api: ApiClient;
  try {
    api = await loadApiClient();
  } catch {
    return { kind: 'network' };
  }
  try {
    return { kind: 'ok', answer: await read(api, await api.apiRequest('POST', url, { token })) };
  } catch (error) {
    if (!(error instanceof api.ApiError)) return { kind: 'network' };
    // A malformed token is as dead as an unknown one.
    if (error.status === 404 || error.status === 400) return { kind: 'deadLink' };
    return { kind: 'refused', message: error.serverMessage ?? error.message };
  }
}

/** POST /api/family/invitations/open: whether the link is live, and the address it was sent to. */
export const openInvitation = (token: string): Promise<InvitationOutcome<Invitation>> =>
  post('/api/family/invitations/open', token, (api, res) =>
    api.readAnswer(res, invitationAnswer, '/api/family/invitations/open'),
  );

/** POST /api/family/join as the signed-in adult: the link's single use; this device's session moves to the family. */
export const joinFamily = (token: string): Promise<InvitationOutcome<true>> =>
  post('/api/family/join', token, async () => true as const);

/** The signed-in adult's email, or null when nobody is signed in on this device. */
export async function signedInEmail(): Promise<string | null> {
  try {
    const api = await loadApiClient();
    return (await api.apiFetch('/api/user', userAnswer)).email;
  } catch {
    return null;
  }
}
