import useSWR from 'swr';
import { progressSummaryAnswer, type ProgressSummary } from '@logbook/contracts/view';
import { apiFetch } from '@logbook/shell-context/shared';
import { sessionSummaryKey } from './sessionKeys';

const fetchSummary = (url: string) => apiFetch(url, progressSummaryAnswer);

/** GET /api/driving-sessions/{studentId}/summary: hours against the account's real targets. */
export function useSessionSummary(studentId: number | undefined, enabled = true) {
  return useSWR<ProgressSummary>(studentId && enabled ? sessionSummaryKey(studentId) : null, fetchSummary);
}
