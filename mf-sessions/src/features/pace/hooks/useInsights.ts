import useSWR from 'swr';
import { insightsViewAnswer, type InsightsView } from '@logbook/contracts/view';
import { apiFetch } from '@logbook/shell-context/shared';
import { sessionInsightsKey } from '../../../lib/sessionKeys';

export type { InsightsView };

const fetchInsights = (url: string) => apiFetch(url, insightsViewAnswer);

/** Pace and coverage of one student; refreshed with every other read of their sessions after a session is logged. */
export function useInsights(studentId: number | undefined, enabled = true) {
  return useSWR<InsightsView>(studentId && enabled ? sessionInsightsKey(studentId) : null, fetchInsights);
}
