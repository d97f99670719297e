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

/** Families log their drives in South Australian days, whatever a server's or a device's clock says. */
export const HOME_TIME_ZONE = 'Australia/Adelaide';

const IANA_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * Today's date in an IANA time zone ('Australia/Perth'), as 'YYYY-MM-DD'; undefined for a zone this browser or server
 * does not know.
 */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string | undefined {
  // Zone names only ('Pacific/Auckland', 'UTC'): newer runtimes also take offsets such as '+14:00', older ones refuse
  // them, and the same session must meet the same rule on every server. A device names its zone, not an offset.
  if (!IANA_ZONE_NAME.test(timeZone)) return undefined;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
  } catch {
    return undefined;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const today = `${part('year')}-${part('month')}-${part('day')}`;
  return isRealDate(today) ? today : undefined;
}

/**
 * The latest date a drive can be logged on, as 'YYYY-MM-DD': today in Adelaide, or the driver's own today when their
 * device said which time zone it is in and that zone is already on a later date (a family holidaying in New Zealand).
 * A zone that is not known is ignored, and Adelaide's today holds.
 */
export function latestSessionDateISO(timeZone?: string, now: Date = new Date()): string {
  const home = todayInTimeZone(HOME_TIME_ZONE, now) ?? localDateISO(now);
  const own = timeZone ? todayInTimeZone(timeZone, now) : undefined;
  return own && own > home ? own : home;
}

/** The device's IANA time zone, when the browser or runtime can say. */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
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
