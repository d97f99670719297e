import crypto from 'node:crypto';
import { ipKeyGenerator } from 'express-rate-limit';

/** The names a family types that limits are counted against, each kind apart. */
export type LimitedName = 'parent-email' | 'student-username';

/** An email or username as sign-in compares it: trimmed, in lower case. */
const normaliseName = (value: string) => value.trim().toLowerCase();

/**
 * The part of a counter's key that stands for a name a family chose: the kind, then the SHA-256 (hex) of the name.
 * No text a family types ever becomes part of a key, so no name can be made to match another's counters.
 */
export const nameKey = (kind: LimitedName, value: string) =>
  `${kind}:${crypto.createHash('sha256').update(normaliseName(value)).digest('hex')}`;

/** Every failure counter of one account (all addresses) starts with this. */
export const accountLockPrefix = (kind: LimitedName, value: string) => `lock:${nameKey(kind, value)}|`;

/** The failure counter of one account from one address (IPv6 by its /56 network, as the address limits count). */
export const accountLockId = (kind: LimitedName, value: string, ip: string | undefined) =>
  `${accountLockPrefix(kind, value)}${ipKeyGenerator(ip ?? '')}`;

/** Window counters of one email address: password-reset emails, notices of a registration with the address. */
export const RESET_EMAIL_PREFIX = 'password-reset:';
export const REGISTER_NOTICE_PREFIX = 'register-notice:';
