import { minutesOfDay } from './dates';

const MINUTES_PER_DAY = 24 * 60;

/** Minutes from start to end; an end before the start is on the next day. Null when a time is missing or invalid. */
export function durationMinutes(startTime: string, endTime: string): number | null {
  const start = minutesOfDay(startTime);
  const end = minutesOfDay(endTime);
  if (start === null || end === null) return null;
  return (end - start + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

/** '{n} hours' to one decimal, or '' unless the duration is positive (equal times give ''). */
export function calculateDuration(startTime: string, endTime: string): string {
  const minutes = durationMinutes(startTime, endTime);
  if (!minutes) return '';
  return `${(minutes / 60).toFixed(1)} hours`;
}

/** The number before ' hours' in a duration text; 0 when there is none. */
export function hoursFromDuration(duration: string | null | undefined): number {
  if (typeof duration !== 'string') return 0;
  const n = Number.parseFloat(duration.split(' hours')[0]);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** '1h 30m' style text for the drafts panel; '' when there is no positive duration. */
export function formatHoursMinutes(startTime: string, endTime: string): string {
  const minutes = durationMinutes(startTime, endTime);
  if (!minutes) return '';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m}m` : m === 0 ? `${h}h` : `${h}h ${m}m`;
}

export const roundToTenth = (n: number) => Math.round(n * 10) / 10;

/** Hours as the rules' words say them: '20', '2.5'. */
export const hoursText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
