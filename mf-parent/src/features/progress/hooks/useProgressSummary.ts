import useSWR from 'swr';
import type { ProgressSummary } from '@logbook/contracts/view';
import { progressSummaryKey } from '../../../lib/apiKeys';
import { fetchProgressSummary } from '../../../lib/progressSummaries';

/**
 * A student's progress; asked for only while the subscription is active. It is fetched again whenever the dashboard
 * opens, because sessions are logged on other screens (and by the student) without passing through this one.
 */
export function useProgressSummary(studentId: number, enabled: boolean) {
  return useSWR<ProgressSummary>(enabled ? progressSummaryKey(studentId) : null, fetchProgressSummary, {
    revalidateOnMount: true,
  });
}
