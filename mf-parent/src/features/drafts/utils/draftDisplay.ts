import {
  formatDisplayDate,
  minutesOfDay,
  formatHoursMinutes,
  TIME_OF_DAY_LABELS,
  WEATHER_LABELS,
  type TimeOfDay,
  type WeatherConditions,
} from '@logbook/contracts/view';
import type { StoredDraft } from '@logbook/session-device/drafts';

/** '09:00 – 10:30 (1h 30m)'; an end before the start is the next day ('22:30 – 00:15 next day (1h 45m)'). */
export function draftTimeText(draft: Pick<StoredDraft, 'startTime' | 'endTime'>): string {
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

export function draftDateText(date: string): string {
  return date ? formatDisplayDate(date) : 'No date yet';
}

/** 'Day' or 'Night' for the draft's time of day; null when it has none. */
export function lightLabel(timeOfDay: string): string | null {
  return timeOfDay in TIME_OF_DAY_LABELS ? TIME_OF_DAY_LABELS[timeOfDay as TimeOfDay] : null;
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
export function draftRouteText(draft: Pick<StoredDraft, 'startSuburb' | 'endSuburb'>): string {
  return `${draft.startSuburb || '—'} → ${draft.endSuburb || '—'}`;
}

/** 'Rain', or 'Not chosen yet' for a draft whose weather is still to pick. */
export function draftWeatherText(weather: string): string {
  return weather in WEATHER_LABELS ? WEATHER_LABELS[weather as WeatherConditions] : 'Not chosen yet';
}
