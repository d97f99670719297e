import useSWR from 'swr';
import type { Progress } from '@logbook/contracts/progress';
import { sessionSummaryKey } from './sessionKeys';

export interface SessionSummary extends Progress {
  openingBalance?: { dayHours: number; nightHours: number; note?: string } | null;
}

/** GET /api/driving-sessions/{studentId}/summary: hours against the account's real targets. */
export function useSessionSummary(studentId: number | undefined, enabled = true) {
  return useSWR<SessionSummary>(studentId && enabled ? sessionSummaryKey(studentId) : null);
}
