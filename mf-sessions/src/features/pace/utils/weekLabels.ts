import { formatHours } from '@logbook/ui/shared';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

const parts = (ms: number) => {
  const d = new Date(ms);
  return { day: d.getUTCDate(), month: MONTHS[d.getUTCMonth()] };
};

/**
 * The seven days each of `weeks` covers, oldest first, the last ending on `today`: '9–15 Nov', '28 Oct – 3 Nov'.
 */
export function weekLabels(today: string, weeks: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  if (Number.isNaN(end)) return Array.from({ length: weeks }, (_, i) => `Week ${i + 1}`);
  return Array.from({ length: weeks }, (_, i) => {
    const last = end - (weeks - 1 - i) * 7 * DAY_MS;
    const a = parts(last - 6 * DAY_MS);
    const b = parts(last);
    return a.month === b.month ? `${a.day}–${b.day} ${b.month}` : `${a.day} ${a.month} – ${b.day} ${b.month}`;
  });
}

/** '2.5 h', '0 h'. */
export const hoursText = (hours: number) => `${formatHours(hours, { dropZeroTenth: true })} h`;
