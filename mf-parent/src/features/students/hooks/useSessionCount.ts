import useSWR from 'swr';
import type { ProgressSummary } from '@logbook/contracts/view';
import { progressSummaryKey } from '../../../lib/apiKeys';
import { fetchProgressSummary } from '../../../lib/progressSummaries';

/** How many sessions a student has logged, read from their progress summary; null waits. */
export function useSessionCount(studentId: number | null) {
  const { data, error, isLoading } = useSWR<ProgressSummary>(
    studentId === null ? null : progressSummaryKey(studentId),
    fetchProgressSummary,
    { revalidateOnMount: true },
  );
  return { count: data?.sessionCount, error, isLoading };
}
