import { fetcher } from '@logbook/shell-context/swrConfig';
import { progressSummarySchema, type ProgressSummary } from '@logbook/contracts/progress-summary';

export async function fetchProgressSummary(key: string): Promise<ProgressSummary> {
  return progressSummarySchema.parse(await fetcher(key));
}
