import useSWR from 'swr';
import type { Insights } from '@logbook/contracts/insights';
import { sessionInsightsKey } from '../../../lib/sessionKeys';

/** What GET /api/driving-sessions/{studentId}/insights answers with. */
export interface InsightsView extends Insights {
  today: string;
  totalTarget: number;
  hoursRemaining: number;
  /** 'At this pace: all 100 hours by 14 March 2027'. */
  paceText: string;
  /** 'Not yet practised: unsealed roads, heavy traffic'. */
  notPractisedText: string;
}

/** Pace and coverage of one student; refreshed with every other read of their sessions after a session is logged. */
export function useInsights(studentId: number | undefined, enabled = true) {
  return useSWR<InsightsView>(studentId && enabled ? sessionInsightsKey(studentId) : null);
}
