import useSWR from 'swr';
import { supervisorAnswer, supervisorListAnswer, type Supervisor, type SupervisorInput } from '@logbook/contracts/view';
import { apiFetch, apiRequest, readAnswer } from './apiClient';

/** The family's saved supervising drivers (the session form offers them; Administrator Settings manages them). */
export const SUPERVISORS_KEY = '/api/supervisors';
export const supervisorKey = (id: number) => `${SUPERVISORS_KEY}/${id}`;

export type SavedSupervisor = Supervisor;

/** GET /api/supervisors: most recently used first (never used: newest first), as the server orders them. */
export const fetchSupervisors = async (key: string): Promise<SavedSupervisor[]> =>
  (await apiFetch(key, supervisorListAnswer)).supervisors;

/** The family's saved supervisors; nothing is asked while `enabled` is false. */
export function useSupervisors(enabled = true) {
  return useSWR<SavedSupervisor[]>(enabled ? SUPERVISORS_KEY : null, fetchSupervisors, { revalidateOnMount: true });
}

/** POST (no id) or PUT (an id): answers the supervisor as saved; throws ApiError with the server's message. */
export async function saveSupervisor(input: SupervisorInput, id?: number): Promise<SavedSupervisor> {
  const res =
    id === undefined
      ? await apiRequest('POST', SUPERVISORS_KEY, input)
      : await apiRequest('PUT', supervisorKey(id), input);
  return readAnswer(res, supervisorAnswer);
}

export async function deleteSupervisor(id: number): Promise<void> {
  await apiRequest('DELETE', supervisorKey(id));
}
