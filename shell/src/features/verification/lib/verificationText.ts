import { formatDisplayDate } from '@logbook/contracts/dates';
import { formatHours } from '@logbook/ui/lib/hours';
import type { VerificationAnswer } from '../api/fetchVerification';

/** Codes are printed in capitals; people type them with spaces, dashes or in lower case. */
export function normaliseCode(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase();
}

const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** 'the 2nd entry' reads better to a parent than 'entry #2'. */
export function entryName(entry: number): string {
  if (entry >= 1 && entry <= ORDINAL_WORDS.length) return `the ${ORDINAL_WORDS[entry - 1]} entry`;
  const tens = entry % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][entry % 10] ?? 'th');
  return `the ${entry}${suffix} entry`;
}

/** One sentence saying which entry no longer matches what was logged, in plain words. */
export function describeBreak(brokenAt: NonNullable<VerificationAnswer['brokenAt']>, sessionCount: number): string {
  const which = entryName(brokenAt.entry);
  const when = brokenAt.date ? ` (the session of ${formatDisplayDate(brokenAt.date)})` : '';
  if (brokenAt.problem === 'changed') {
    return `${capitalise(which)}${when} was changed after it was logged.`;
  }
  if (brokenAt.entry > sessionCount) {
    return `The last entry was removed after it was logged.`;
  }
  return `An entry was removed after it was logged, just before ${which}${when}.`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 1 → '1 session', 3 → '3 sessions'. */
export const sessionsText = (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'}`;

/** 4.5 → '4.5 hours', 1 → '1 hour'. */
export function hoursText(hours: number): string {
  const figure = formatHours(hours, { dropZeroTenth: true });
  return `${figure} ${figure === '1' ? 'hour' : 'hours'}`;
}

/** When the check ran, in the reader's own time: '22 Nov 2026, 2:45 pm'. */
export function checkedAtText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
