import type { Cache, ScopedMutator } from 'swr';
import { apiFetch } from '@logbook/shell-context/shared';
import { progressSummaryAnswer, type ProgressSummary } from '@logbook/contracts/view';
import { isProgressKey } from './apiKeys';

export async function fetchProgressSummary(key: string): Promise<ProgressSummary> {
  return apiFetch(key, progressSummaryAnswer);
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
