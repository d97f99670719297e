import useSWR from 'swr';
import { httpErrorStatus, sessionListAnswer } from '@logbook/contracts/view';
import type { DrivingSession } from '@logbook/contracts/view';
import { readAnswer } from '@logbook/shell-context/shared';
import { sessionListKey, type SessionFilters } from '../../../lib/sessionKeys';

/** A failed list reads 'HTTP error! status: {code}'; an answer that is not the contract's list is a ContractError. */
export async function fetchSessionList(url: string): Promise<DrivingSession[]> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new Error(httpErrorStatus(res.status));
  return readAnswer(res, sessionListAnswer, url);
}

/**
 * GET /api/driving-sessions/{studentId} with the filters, and the corrected and removed entries too; nothing is
 * requested while `enabled` is false.
 */
export function useDrivingSessions(studentId: number | undefined, filters: SessionFilters, enabled = true) {
  return useSWR<DrivingSession[]>(
    studentId && enabled ? sessionListKey(studentId, filters, { history: true }) : null,
    fetchSessionList,
    { keepPreviousData: true },
  );
}
