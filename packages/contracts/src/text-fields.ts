import { z } from 'zod';
import { VALIDATION } from './messages';
import { hasLetterOrDigit, visibleText } from './visible-text';

// No runtime code generation: the app's Content-Security-Policy forbids eval, and zod would otherwise probe for it.
z.config({ jitless: true });

/**
 * A required string field whose every failure (missing, wrong type, blank, no letter or digit) reads `message`; like
 * every free text, it refuses hidden characters (see visible-text.ts).
 */
export const requiredText = (message: string, max: number, tooLong = `Must be at most ${max} characters`) =>
  visibleText(z.string({ error: message }).trim().min(1, message).max(max, tooLong)).refine(hasLetterOrDigit, message);

/** Free text that may be left out or blank: '' when it is. */
export const optionalText = (max: number, tooLong: string) =>
  visibleText(z.string({ error: VALIDATION.invalidInput }).trim().max(max, tooLong))
    .optional()
    .transform((v) => v ?? '');
