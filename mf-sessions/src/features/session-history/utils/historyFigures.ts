import { computeProgress } from '@logbook/contracts/view';
import { formatHours } from '@logbook/ui/shared';

/** Hours of the sessions listed (after the filters), read from each duration text and summed to one decimal. */
export function historyFigures(sessions: ReadonlyArray<{ duration: string; timeOfDay: string }>) {
  const { sessionCount, totalHours, dayHours, nightHours } = computeProgress(sessions);
  return { sessionCount, totalHours, dayHours, nightHours };
}

export type HistoryFigures = ReturnType<typeof historyFigures>;

export const hoursText = (n: number) => `${formatHours(n)}h`;
