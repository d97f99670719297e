import SunCalc from 'suncalc';
import { minutesOfDay } from './dates';
import type { TimeOfDay } from './constants';

export interface Place {
  name: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

/** The old Adelaide Observatory, the reference point of South Australia's published sunrise and sunset times. */
export const ADELAIDE: Place = {
  name: 'Adelaide',
  latitude: -34.9333,
  longitude: 138.6,
  timeZone: 'Australia/Adelaide',
};

function hhmmIn(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
}

/** Sunrise and sunset ('HH:MM', local to the place) on a calendar date; null where the sun does not rise or set. */
export function sunTimes(date: string, place: Place): { sunrise: string; sunset: string } | null {
  const [y, m, d] = date.split('-').map(Number);
  // Local solar noon of that date, so the calculation picks the right day whatever the time zone.
  const noon = new Date(Date.UTC(y, m - 1, d, 12) - (place.longitude / 15) * 3_600_000);
  const times = SunCalc.getTimes(noon, place.latitude, place.longitude);
  if (Number.isNaN(times.sunrise.getTime()) || Number.isNaN(times.sunset.getTime())) return null;
  return { sunrise: hhmmIn(times.sunrise, place.timeZone), sunset: hhmmIn(times.sunset, place.timeZone) };
}

export interface TimeOfDaySuggestion {
  timeOfDay: TimeOfDay;
  /** Why, in a sentence: 'Sunset in Norwood today at 20:04'. */
  reason: string;
  sunrise: string;
  sunset: string;
}

/**
 * Day or night from the sky: night when most of the drive falls between sunset and sunrise (an end before the start
 * runs past midnight). Null until both times are set.
 */
export function suggestTimeOfDay(
  date: string,
  startTime: string,
  endTime: string,
  place: Place = ADELAIDE,
): TimeOfDaySuggestion | null {
  const start = minutesOfDay(startTime);
  const end = minutesOfDay(endTime);
  const sun = /^\d{4}-\d{2}-\d{2}$/.test(date) ? sunTimes(date, place) : null;
  if (start === null || end === null || !sun) return null;
  const rise = minutesOfDay(sun.sunrise)!;
  const set = minutesOfDay(sun.sunset)!;
  const length = (end - start + 1440) % 1440 || 1440;
  let dark = 0;
  for (let i = 0; i < length; i++) {
    const minute = (start + i) % 1440;
    if (minute < rise || minute >= set) dark++;
  }
  const timeOfDay: TimeOfDay = dark * 2 > length ? 'night' : 'day';
  const middle = (start + Math.floor(length / 2)) % 1440;
  const nearSunrise = Math.abs(middle - rise) < Math.abs(middle - set);
  const reason = nearSunrise
    ? `Sunrise in ${place.name} that day at ${sun.sunrise}`
    : `Sunset in ${place.name} that day at ${sun.sunset}`;
  return { timeOfDay, reason, ...sun };
}
