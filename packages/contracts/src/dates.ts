/** Calendar helpers that agree in the browser and on the server. Dates are 'YYYY-MM-DD', times 'HH:MM'. */
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for a calendar date that exists: 2026-02-28 yes, 2026-02-30 no. */
export function isRealDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function isValidTime(value: string): boolean {
  return TIME_RE.test(value);
}

/** Minutes since midnight for 'HH:MM', or null. */
export function minutesOfDay(value: string): number | null {
  const m = TIME_RE.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date in the device's local time, as 'YYYY-MM-DD'. */
export function localDateISO(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Kiribati's Line Islands keep UTC+14: no place's clocks are further ahead. */
const FURTHEST_AHEAD_OFFSET_MS = 14 * 60 * 60 * 1000;

/**
 * The latest date that is today anywhere on Earth, as 'YYYY-MM-DD'. It is Adelaide's today, or Adelaide's tomorrow in
 * its last few hours of the evening, and never earlier than any person's own today wherever they are.
 */
export function latestTodayISO(now: Date = new Date()): string {
  return new Date(now.getTime() + FURTHEST_AHEAD_OFFSET_MS).toISOString().slice(0, 10);
}

/** The current time in the device's local time, as 'HH:MM'. */
export function localTimeHHMM(now: Date = new Date()): string {
  return `${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** A date that is not after `today` (both 'YYYY-MM-DD'; string order is date order). */
export function isNotAfter(value: string, today: string): boolean {
  return value <= today;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-03-07' → '7 Mar 2026' (no time zone shift: the date is a calendar date). */
export function formatDisplayDate(value: string): string {
  const m = DATE_RE.exec(value);
  if (!m) return value;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
}
