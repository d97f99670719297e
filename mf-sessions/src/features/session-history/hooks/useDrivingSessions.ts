import useSWR from 'swr';
import { httpErrorStatus } from '@logbook/contracts/messages';
import type { DrivingSession } from '@logbook/contracts/schemas';
import { sessionListKey, type SessionFilters } from '../../../lib/sessionKeys';

/** Spec §8: a failed list reads 'HTTP error! status: {code}'; a body that is not a list counts as empty. */
export async function fetchSessionList(url: string): Promise<DrivingSession[]> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new Error(httpErrorStatus(res.status));
  const data: unknown = await res.json();
  return Array.isArray(data) ? (data as DrivingSession[]) : [];
}

/** GET /api/driving-sessions/{studentId} with the filters; nothing is requested while `enabled` is false. */
export function useDrivingSessions(studentId: number | undefined, filters: SessionFilters, enabled = true) {
  return useSWR<DrivingSession[]>(studentId && enabled ? sessionListKey(studentId, filters) : null, fetchSessionList, {
    keepPreviousData: true,
  });
}
