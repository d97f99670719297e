import { dictionary } from '@zxcvbn-ts/language-common';
import { VALIDATION } from '@logbook/contracts/messages';
import { badRequest } from './errors';

/**
 * The most common passwords of leaked-password collections, as ranked by zxcvbn-ts (about 49,000). Built on first use
 * and kept: the list is decompressed once per process, not per request. Server-side only, so no browser downloads it.
 */
let common: ReadonlySet<string> | undefined;

/**
 * 400 with the product's message when a new password is one of the most common. Case does not make a listed password
 * safe: 'Password1' is guessed as early as 'password1'.
 */
export function refuseCommonPassword(password: string): void {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  if (common.has(password.trim().toLowerCase())) throw badRequest(VALIDATION.passwordTooCommon);
}
