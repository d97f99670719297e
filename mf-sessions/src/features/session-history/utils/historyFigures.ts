import { computeProgress } from '@logbook/contracts/view';
import { formatHours } from '@logbook/ui/shared';

export interface HistoryFigures {
  sessionCount: number;
  totalHours: number;
  dayHours: number;
  nightHours: number;
}

/** Hours of the sessions listed (after the filters), read from each duration text and summed to one decimal. */
export function historyFigures(sessions: ReadonlyArray<{ duration: string; timeOfDay: string }>): HistoryFigures {
  const p = computeProgress(sessions);
  return { sessionCount: p.sessionCount, totalHours: p.totalHours, dayHours: p.dayHours, nightHours: p.nightHours };
}

export const hoursText = (n: number) => `${formatHours(n)}h`;
