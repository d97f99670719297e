import useSWR, { type Cache, type ScopedMutator } from 'swr';
import { apiFetch } from '@logbook/shell-context/shared';
import { progressSummaryAnswer, type ProgressSummary } from '@logbook/contracts/view';
import { isProgressKey, progressSummaryKey } from './apiKeys';

export async function fetchProgressSummary(key: string): Promise<ProgressSummary> {
  return apiFetch(key, progressSummaryAnswer);
}

/**
 * A student's progress (none asked while `studentId` is null). It is fetched again whenever a screen opens on it,
 * because sessions are logged on other screens (and by the student) without passing through this one.
 */
export function useProgressSummary(studentId: number | null) {
  return useSWR<ProgressSummary>(studentId === null ? null : progressSummaryKey(studentId), fetchProgressSummary, {
    revalidateOnMount: true,
  });
}

/**
 * Fetches again every progress summary in the cache (after the targets change), open on screen or not, so no screen
 * opens on numbers measured against the old targets.
 */
export async function refreshProgressSummaries(cache: Cache, mutate: ScopedMutator): Promise<void> {
  const keys = [...cache.keys()].filter(isProgressKey);
  await Promise.all(
    keys.map((key) =>
      mutate(key, fetchProgressSummary(key), { revalidate: false }).catch(
        // On failure the panel keeps its last numbers and fetches again when it opens.
        () => undefined,
      ),
    ),
  );
}
