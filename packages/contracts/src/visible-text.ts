import type { z } from 'zod';
import { VALIDATION } from './messages';

/**
 * Control characters (NUL, CR and LF included), invisible format characters (zero-width, bidi overrides, embeddings
 * and isolates, the byte order mark), line and paragraph separators, private-use code points, lone surrogates, every
 * code point Unicode says to draw as nothing (default ignorables: variation selectors, the combining grapheme joiner,
 * Hangul fillers...) and the blank Braille pattern: in a name, suburb or reason they make text read other than it is
 * on the screens, in the PDF, the CSV and email subjects, or break a line where none should be.
 */
const HIDDEN = String.raw`\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}\u2800`;
const HIDDEN_CHARACTER = new RegExp(`[${HIDDEN}]`, 'u');
/** The same, with CR and LF allowed: the line breaks of a multi-line note or reason. */
const HIDDEN_BESIDES_LINE_BREAKS = new RegExp(`(?![\\r\\n])[${HIDDEN}]`, 'u');

export interface VisibleTextOptions {
  /** A multi-line field (a note, a reason): line breaks are kept, every other hidden character is still refused. */
  lineBreaks?: boolean;
}

export const hasHiddenCharacters = (text: string, { lineBreaks = false }: VisibleTextOptions = {}): boolean =>
  (lineBreaks ? HIDDEN_BESIDES_LINE_BREAKS : HIDDEN_CHARACTER).test(text);

/**
 * Free text a person types, refused with one message when it holds a hidden character. Letters, marks and digits of
 * every script stay welcome, as do spaces and punctuation.
 */
export const visibleText = (schema: z.ZodString, options: VisibleTextOptions = {}): z.ZodString =>
  schema.refine((text) => !hasHiddenCharacters(text, options), VALIDATION.hiddenCharacters);

/** A name, suburb or licence has at least one letter or digit: marks or punctuation alone draw no name. */
export const hasLetterOrDigit = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);
