import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { API_ERRORS } from '@logbook/contracts/messages';
import type { RateLimits } from './config';
import { accountLock } from './limits/account-lock';
import { DatabaseRateLimitStore } from '@logbook/service-kit/rate-limit-store';
import { RateLimitModel } from './limits/model';

const tooMany = { message: API_ERRORS.tooManyAttempts };

/** The account named in a sign-in body, if it is a plain string (anything else is refused later by validation). */
const accountIn = (field: string) => (req: Request) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 256) : undefined;
};

/** Per IP address, counted in the database so that every instance of the service shares one count. */
function perAddress(opts: { prefix: string; windowMs: number; limit: number; onlyFailures: boolean }): RequestHandler {
  return rateLimit({
    windowMs: opts.windowMs,
    limit: opts.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // Successful sign-ins do not use up the allowance: only failures (guesses) count.
    skipSuccessfulRequests: opts.onlyFailures,
    message: tooMany,
    store: new DatabaseRateLimitStore(RateLimitModel, opts.prefix),
  });
}

/** Parent and student sign-in: failed attempts per IP address, and per account from one address. */
export function signInLimits(limits: RateLimits, accountField: string): RequestHandler[] {
  const prefix = `sign-in:${accountField}:`;
  return [
    perAddress({
      prefix: `${prefix}ip:`,
      windowMs: limits.signInWindowMs,
      limit: limits.signInPerIp,
      onlyFailures: true,
    }),
    accountLock({
      prefix: `${prefix}account:`,
      windowMs: limits.signInWindowMs,
      maxFailures: limits.signInPerAccount,
      baseDelayMs: limits.lockoutBaseMs,
      maxDelayMs: limits.lockoutMaxMs,
      account: accountIn(accountField),
    }),
  ];
}

/** Registration: every attempt per IP address. */
export function registrationLimits(limits: RateLimits): RequestHandler[] {
  return [
    perAddress({
      prefix: 'register:ip:',
      windowMs: limits.registerWindowMs,
      limit: limits.registerPerIp,
      onlyFailures: false,
    }),
  ];
}

/** Password-reset emails: every request per IP address, and per email address whatever the address asking. */
export function passwordResetLimits(limits: RateLimits): RequestHandler[] {
  const email = accountIn('email');
  return [
    perAddress({
      prefix: 'password-reset:ip:',
      windowMs: limits.resetWindowMs,
      limit: limits.resetPerIp,
      onlyFailures: false,
    }),
    rateLimit({
      windowMs: limits.resetWindowMs,
      limit: limits.resetPerEmail,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      message: tooMany,
      // No email to count against: validation refuses the request next.
      skip: (req) => email(req) === undefined,
      keyGenerator: (req) => email(req)!,
      store: new DatabaseRateLimitStore(RateLimitModel, 'password-reset:email:'),
    }),
  ];
}
