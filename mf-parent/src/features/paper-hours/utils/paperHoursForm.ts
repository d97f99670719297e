import type { OpeningBalance, OpeningBalanceInput } from '@logbook/contracts/view';
import { formatHours } from '@logbook/ui/shared';
import { openingBalanceSchema } from '@logbook/contracts/opening-balance';
import { fieldErrors } from '@logbook/contracts/schemas';

/** What the paper-hours inputs hold, as typed. */
export interface PaperHoursFormValues {
  dayHours: string;
  nightHours: string;
  note: string;
}

export type PaperHoursFormErrors = Partial<Record<keyof PaperHoursFormValues, string>>;

export const PAPER_HOURS_SAVED = 'Paper hours saved';
export const PAPER_HOURS_SAVE_FAILED = 'Failed to save paper hours. Please try again.';

export const paperHoursToFormValues = (balance: OpeningBalance): PaperHoursFormValues => ({
  dayHours: String(balance.dayHours),
  nightHours: String(balance.nightHours),
  note: balance.note,
});

/** Checked with the schema the server uses: 0 to 200 hours each, tenths at most, a note of up to 500 characters. */
export function validatePaperHoursForm(
  values: PaperHoursFormValues,
): { ok: true; data: OpeningBalanceInput } | { ok: false; errors: PaperHoursFormErrors } {
  const parsed = openingBalanceSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: fieldErrors(parsed.error) as PaperHoursFormErrors };
}

const hoursText = (hours: number) => formatHours(hours, { dropZeroTenth: true });

/** The toast after saving: '10 day and 2.5 night hours from the paper log book now count towards Sam's targets.' */
export function paperHoursSavedText(balance: OpeningBalance, firstName: string): string {
  if (balance.dayHours === 0 && balance.nightHours === 0) {
    return `No paper hours count towards ${firstName}’s targets.`;
  }
  return `${hoursText(balance.dayHours)} day and ${hoursText(balance.nightHours)} night hours from the paper log book now count towards ${firstName}’s targets.`;
}
