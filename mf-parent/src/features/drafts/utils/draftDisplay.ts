import { formatDisplayDate, minutesOfDay } from '@logbook/contracts/dates';
import { formatHoursMinutes } from '@logbook/contracts/duration';
import { TIME_OF_DAY_LABELS, type TimeOfDay } from '@logbook/contracts/constants';
import type { DraftSession } from '@logbook/contracts/schemas';

/** '09:00 – 10:30 (1h 30m)'; an end before the start is the next day ('22:30 – 00:15 next day (1h 45m)'). */
export function draftTimeText(draft: Pick<DraftSession, 'startTime' | 'endTime'>): string {
  const { startTime, endTime } = draft;
  if (!startTime && !endTime) return 'No times yet';
  if (!endTime) return `Starts ${startTime}`;
  if (!startTime) return `Ends ${endTime}`;
  const start = minutesOfDay(startTime);
  const end = minutesOfDay(endTime);
  const nextDay = start !== null && end !== null && end < start;
  const duration = formatHoursMinutes(startTime, endTime);
  return `${startTime} – ${endTime}${nextDay ? ' next day' : ''}${duration ? ` (${duration})` : ''}`;
}

export function draftDateText(sessionDate: string): string {
  return sessionDate ? formatDisplayDate(sessionDate) : 'No date yet';
}

/** 'Day' or 'Night' for the draft's light conditions; null when it has none. */
export function lightLabel(lightConditions: string): string | null {
  return lightConditions in TIME_OF_DAY_LABELS ? TIME_OF_DAY_LABELS[lightConditions as TimeOfDay] : null;
}

/** When the draft was last saved, in the device's own time ('7 Mar 2026, 4:05 pm'). */
export function lastSavedText(lastSaved: string, locale?: string): string {
  const date = new Date(lastSaved);
  if (Number.isNaN(date.getTime())) return lastSaved;
  return date.toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** 'Glenelg → Adelaide', with a dash for a location not filled in yet. */
export function draftRouteText(draft: Pick<DraftSession, 'startLocation' | 'endLocation'>): string {
  return `${draft.startLocation || '—'} → ${draft.endLocation || '—'}`;
}
