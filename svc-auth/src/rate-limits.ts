import type { Request, RequestHandler, Response } from 'express';
import type { Options } from 'express-rate-limit';
import type { RateLimits } from './config';
import { accountLock, countSignInAttempt, type AccountLockOptions } from './limits/account-lock';
import { addressKey, keyedLimit } from '@logbook/service-kit/keyed-limit';
import { DatabaseRateLimitStore } from '@logbook/service-kit/rate-limit-store';
import {
  accountLockPrefix,
  nameKey,
  REGISTER_NOTICE_PREFIX,
  RESET_EMAIL_PREFIX,
  type LimitedName,
} from './limits/keys';
import { RateLimitModel } from './limits/model';

/** The account named in a sign-in body, if it is a plain string (anything else is refused later by validation). */
const accountIn = (field: string) => (req: Request) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value : undefined;
};

const lockOptions = (limits: RateLimits): AccountLockOptions => ({
  windowMs: limits.signInWindowMs,
  maxFailures: limits.signInPerAccount,
  baseDelayMs: limits.lockoutBaseMs,
  maxDelayMs: limits.lockoutMaxMs,
});

/**
 * Per IP address, counted in the database so that every instance of the service shares one count; with
 * `failuresOnly`, successful sign-ins do not use up the allowance: only failures (guesses) count.
 */
const perAddress = (prefix: string, windowMs: number, limit: number, failuresOnly = false): RequestHandler =>
  keyedLimit({ model: RateLimitModel, prefix, windowMs, limit, key: addressKey, failuresOnly });

const SIGN_IN_FIELDS: Record<'email' | 'studentUsername', LimitedName> = {
  email: 'parent-email',
  studentUsername: 'student-username',
};

/** Parent and student sign-in: failed attempts per IP address, and per account from one address. */
export function signInLimits(limits: RateLimits, accountField: 'email' | 'studentUsername'): RequestHandler[] {
  return [
    perAddress(`sign-in:${accountField}:ip:`, limits.signInWindowMs, limits.signInPerIp, true),
    accountLock({ ...lockOptions(limits), kind: SIGN_IN_FIELDS[accountField], account: accountIn(accountField) }),
  ];
}

/**
 * Before the signed-in parent's password is checked again: counted with the failed sign-ins to the account's email
 * from this address (429 with Retry-After while they are locked out). Clear it with `signInSucceeded` once it matched.
 */
export const passwordRecheckLimit = (limits: RateLimits) => (req: Request, res: Response, email: string) =>
  countSignInAttempt(req, res, { ...lockOptions(limits), kind: 'parent-email', account: email });

/** Registration: every attempt per IP address. */
export function registrationLimits(limits: RateLimits): RequestHandler[] {
  return [perAddress('register:ip:', limits.registerWindowMs, limits.registerPerIp)];
}

/** Password-reset emails: every request per IP address, and per email address whatever the address asking. */
export function passwordResetLimits(limits: RateLimits): RequestHandler[] {
  const email = accountIn('email');
  return [
    perAddress('password-reset:ip:', limits.resetWindowMs, limits.resetPerIp),
    keyedLimit({
      model: RateLimitModel,
      prefix: RESET_EMAIL_PREFIX,
      windowMs: limits.resetWindowMs,
      limit: limits.resetPerEmail,
      // No email to count against: validation refuses the request next.
      key: (req) => {
        const address = email(req);
        return address === undefined ? undefined : nameKey('parent-email', address);
      },
    }),
  ];
}

/**
 * Emails telling an account's owner that someone tried to register with their address: a few per address in the
 * registration window, so asking over and over cannot flood their inbox. True when this one may be sent.
 */
export async function registerNoticeAllowed(limits: RateLimits, email: string): Promise<boolean> {
  const store = new DatabaseRateLimitStore(RateLimitModel, REGISTER_NOTICE_PREFIX);
  store.init({ windowMs: limits.registerWindowMs } as Options);
  const { totalHits } = await store.increment(nameKey('parent-email', email));
  return totalHits <= limits.resetPerEmail;
}

/**
 * The failed sign-in counters of a closing account: its email's and its students' usernames', found by the prefixes
 * built from their hashes, never by matching text. The window counters of emails sent to the address (reset links,
 * registration notices) stay until their window ends, so closing an account never renews an allowance to send mail.
 */
export async function forgetAccountCounters(email: string, studentUsernames: string[]): Promise<void> {
  // The prefixes hold only the kind, hex digits and '|': nothing in them a family typed.
  const startingWith = (prefix: string) => ({ _id: { $regex: `^${prefix.replace(/[|]/g, '\\|')}` } });
  await RateLimitModel.deleteMany({
    $or: [
      startingWith(accountLockPrefix('parent-email', email)),
      ...studentUsernames.map((name) => startingWith(accountLockPrefix('student-username', name))),
    ],
  });
}
