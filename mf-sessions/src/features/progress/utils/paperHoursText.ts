import { formatHours } from '@logbook/ui/shared';

const hours = (n: number) => `${formatHours(n, { dropZeroTenth: true })} h`;

/**
 * 'Includes 10 h day and 2 h night from the paper log book'; null when no paper hours were recorded.
 */
export function paperHoursText(balance: { dayHours: number; nightHours: number } | null | undefined): string | null {
  if (!balance) return null;
  const parts = [
    balance.dayHours > 0 ? `${hours(balance.dayHours)} day` : '',
    balance.nightHours > 0 ? `${hours(balance.nightHours)} night` : '',
  ].filter(Boolean);
  return parts.length ? `Includes ${parts.join(' and ')} from the paper log book` : null;
}
