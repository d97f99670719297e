import type { ProgressSummary } from '@logbook/contracts/view';
import { PROGRESS_BADGES } from '@logbook/contracts/view';
import type { BadgeVariant } from '@logbook/ui/shared';
import { formatHours } from '@logbook/ui/shared';

export interface ProgressRow {
  kind: 'total' | 'day' | 'night';
  label: string;
  /** '12.5 / 100.0 hours' */
  text: string;
  percent: number;
  tone: 'primary' | 'day' | 'night';
}

/** The three bars of the progress panel: total, day and night, each against its target. */
export function progressRows(summary: ProgressSummary): ProgressRow[] {
  const row = (kind: ProgressRow['kind'], label: string, tone: ProgressRow['tone']): ProgressRow => ({
    kind,
    label,
    text: `${formatHours(summary[`${kind}Hours`])} / ${formatHours(summary.targets[kind])} hours`,
    percent: summary.percent[kind],
    tone,
  });
  return [row('total', 'Total', 'primary'), row('day', 'Day', 'day'), row('night', 'Night', 'night')];
}

/** '87.5 hours remaining (65.0 day, 22.5 night)', or that every target is met. */
export function remainingText(summary: ProgressSummary): string {
  const { remaining } = summary;
  if (remaining.day <= 0 && remaining.night <= 0) return 'All target hours completed';
  return `${formatHours(remaining.total)} hours remaining (${formatHours(remaining.day)} day, ${formatHours(remaining.night)} night)`;
}

const BADGE_VARIANTS: Record<string, BadgeVariant> = {
  [PROGRESS_BADGES.complete]: 'success',
  [PROGRESS_BADGES.almostThere]: 'info',
  [PROGRESS_BADGES.halfway]: 'warning',
  [PROGRESS_BADGES.gettingStarted]: 'outline',
};

export const progressBadgeVariant = (badge: string): BadgeVariant => BADGE_VARIANTS[badge] ?? 'outline';

export interface HoursBySource {
  /** '10.0 h day and 2.0 h night from the paper log book' */
  paper: string;
  /** '2.5 h from 2 logged sessions' */
  logged: string;
}

const sessionsText = (count: number) => `${count} logged ${count === 1 ? 'session' : 'sessions'}`;

/** Where the hours came from, when some were entered from a paper log book; null when all were logged here. */
export function hoursBySource(summary: ProgressSummary): HoursBySource | null {
  const paper = summary.openingBalance;
  if (!paper || (paper.dayHours <= 0 && paper.nightHours <= 0)) return null;
  const logged = Math.max(0, summary.totalHours - paper.dayHours - paper.nightHours);
  return {
    paper: `${formatHours(paper.dayHours)} h day and ${formatHours(paper.nightHours)} h night from the paper log book`,
    logged: `${formatHours(logged)} h from ${sessionsText(summary.sessionCount)}`,
  };
}
