import type { TimeOfDay } from '@logbook/contracts/view';
import { minutesOfDay, durationMinutes } from '@logbook/contracts/view';
import { sunTimes, type Place } from '@logbook/contracts/sun';

/** One entry of a drive logged in parts: its own date and times, day or night. */
interface DrivePart {
  date: string;
  startTime: string;
  endTime: string;
  timeOfDay: TimeOfDay;
}

/** A drive that crosses sunset or sunrise, split at the sun's time into the part before and the part after. */
export interface DriveSplit {
  event: 'sunset' | 'sunrise';
  /** The sun's time, 'HH:MM', where the first part ends and the second begins. */
  at: string;
  parts: [DrivePart, DrivePart];
}

const DAY = 1440;
const hhmm = (minutes: number) => {
  const m = ((minutes % DAY) + DAY) % DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** The calendar date after `date` ('2026-03-31' → '2026-04-01'). */
export function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * Where a drive crosses sunset or sunrise (the first such moment when it crosses both), or null when it stays in
 * daylight or in the dark. An end before the start runs past midnight; a part that starts after midnight is dated the
 * next day. Each part lasts at least a minute.
 */
export function splitAtSun(
  drive: { date: string; startTime: string; endTime: string },
  place: Place,
): DriveSplit | null {
  const start = minutesOfDay(drive.startTime);
  const length = durationMinutes(drive.startTime, drive.endTime);
  if (start === null || !length || !/^\d{4}-\d{2}-\d{2}$/.test(drive.date)) return null;
  const end = start + length;
  const events: Array<{ event: DriveSplit['event']; minute: number }> = [];
  for (const [offset, date] of [
    [0, drive.date],
    [DAY, nextDate(drive.date)],
  ] as const) {
    const sun = sunTimes(date, place);
    if (!sun) continue;
    events.push({ event: 'sunrise', minute: offset + minutesOfDay(sun.sunrise)! });
    events.push({ event: 'sunset', minute: offset + minutesOfDay(sun.sunset)! });
  }
  const crossing = events.filter(({ minute }) => minute > start && minute < end).sort((a, b) => a.minute - b.minute)[0];
  if (!crossing) return null;
  const before: TimeOfDay = crossing.event === 'sunset' ? 'day' : 'night';
  const after: TimeOfDay = crossing.event === 'sunset' ? 'night' : 'day';
  const secondDate = crossing.minute >= DAY ? nextDate(drive.date) : drive.date;
  return {
    event: crossing.event,
    at: hhmm(crossing.minute),
    parts: [
      { date: drive.date, startTime: drive.startTime, endTime: hhmm(crossing.minute), timeOfDay: before },
      { date: secondDate, startTime: hhmm(crossing.minute), endTime: drive.endTime, timeOfDay: after },
    ],
  };
}
