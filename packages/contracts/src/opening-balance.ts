import { z } from 'zod';
import { visibleText } from './visible-text';

import { MAX_OPENING_BALANCE_HOURS, MAX_OPENING_BALANCE_NOTE } from './limits';

export { MAX_OPENING_BALANCE_HOURS, MAX_OPENING_BALANCE_NOTE };

export const OPENING_BALANCE_MESSAGES = {
  dayHours: 'Day hours must be a number from 0 to 200 with at most one decimal place',
  nightHours: 'Night hours must be a number from 0 to 200 with at most one decimal place',
  noteInvalid: 'Note must be text',
  noteTooLong: 'Note must be at most 500 characters',
} as const;

/** Tenths only: 12.5 yes, 12.25 no (the tolerance absorbs binary floating point, e.g. 0.3 * 10). */
const hasAtMostOneDecimal = (n: number) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-6;

/** Hours arrive as a number or as the text of a number input ('12.5'). */
const paperHours = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,3}(\.\d)?$/)
          .transform(Number),
      ],
      { error: message },
    )
    .refine((n) => n >= 0 && n <= MAX_OPENING_BALANCE_HOURS && hasAtMostOneDecimal(n), message)
    .transform((n) => Math.round(n * 10) / 10);

export const openingBalanceSchema = z.object({
  dayHours: paperHours(OPENING_BALANCE_MESSAGES.dayHours),
  nightHours: paperHours(OPENING_BALANCE_MESSAGES.nightHours),
  /** Typed in a text area: line breaks are kept, other hidden characters refused. */
  note: visibleText(
    z
      .string({ error: OPENING_BALANCE_MESSAGES.noteInvalid })
      .trim()
      .max(MAX_OPENING_BALANCE_NOTE, OPENING_BALANCE_MESSAGES.noteTooLong),
    { lineBreaks: true },
  )
    .optional()
    .transform((v) => v ?? ''),
});
export type OpeningBalanceInput = z.input<typeof openingBalanceSchema>;

/** What GET and PUT /api/students/:id/opening-balance answer with (zeros when never recorded). */
export const openingBalanceResponseSchema = z.object({
  dayHours: z.number(),
  nightHours: z.number(),
  note: z.string(),
});
export type OpeningBalance = z.infer<typeof openingBalanceResponseSchema>;
export const EMPTY_OPENING_BALANCE: OpeningBalance = { dayHours: 0, nightHours: 0, note: '' };
