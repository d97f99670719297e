import {
  deviceTimeZone,
  TIME_OF_DAY_LABELS,
  type TimeOfDay,
  formatDisplayDate,
  isRealDate,
  localDateISO,
} from '@logbook/contracts/view';
import { ADELAIDE, suggestTimeOfDay, type Place } from '@logbook/contracts/sun';
import type { SessionLocation } from '../../../lib/coordinates';

export interface TimeOfDayHint {
  timeOfDay: TimeOfDay;
  label: string;
  /** 'Sunset in Norwood today at 20:04', 'Daylight in Adelaide on 14 Jan from 06:12 to 20:29'. */
  reason: string;
}

/**
 * Where the sun is worked out: the located drive when the location button was used (on the device's clock), else
 * Adelaide.
 */
export function hintPlace(
  location: SessionLocation | undefined,
  timeZone: string = deviceTimeZone() ?? ADELAIDE.timeZone,
): Place {
  if (!location) return ADELAIDE;
  return {
    name: location.placeName ?? '',
    latitude: location.coordinates.latitude,
    longitude: location.coordinates.longitude,
    timeZone,
  };
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** 'today', 'yesterday', 'tomorrow', 'on 14 Jan' (this year) or 'on 14 Jan 2025'. */
export function dayPhrase(date: string, today: string): string {
  const offset = dayNumber(date) - dayNumber(today);
  if (offset === 0) return 'today';
  if (offset === -1) return 'yesterday';
  if (offset === 1) return 'tomorrow';
  const shown = formatDisplayDate(date);
  return `on ${date.slice(0, 4) === today.slice(0, 4) ? shown.replace(/ \d{4}$/, '') : shown}`;
}

/**
 * Day or Night from the sun for the form's date and times, and why. Null until the date and both times are set
 * (or where the sun neither rises nor sets).
 */
export function timeOfDayHint(
  values: { date: string; startTime: string; endTime: string },
  place: Place = ADELAIDE,
  today: string = localDateISO(),
): TimeOfDayHint | null {
  if (!isRealDate(values.date)) return null;
  const suggestion = suggestTimeOfDay(values.date, values.startTime, values.endTime, place);
  if (!suggestion) return null;
  const where = place.name ? `in ${place.name}` : 'where you are';
  const when = dayPhrase(values.date, today);
  let reason: string;
  if (suggestion.timeOfDay === 'day')
    reason = `Daylight ${where} ${when} from ${suggestion.sunrise} to ${suggestion.sunset}`;
  else if (suggestion.reason.startsWith('Sunrise')) reason = `Sunrise ${where} ${when} at ${suggestion.sunrise}`;
  else reason = `Sunset ${where} ${when} at ${suggestion.sunset}`;
  return { timeOfDay: suggestion.timeOfDay, label: TIME_OF_DAY_LABELS[suggestion.timeOfDay], reason };
}
