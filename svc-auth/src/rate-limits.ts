import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { API_ERRORS } from '@logbook/contracts/messages';
import type { RateLimits } from './config';

const tooMany = { message: API_ERRORS.tooManyAttempts };

/** The account named in a sign-in body, if it is a plain string (anything else is refused later by validation). */
const accountIn = (field: string) => (req: Request) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 256) : undefined;
};

function limiter(opts: {
  windowMs: number;
  limit: number;
  onlyFailures: boolean;
  account?: (req: Request) => string | undefined;
}): RequestHandler {
  const account = opts.account;
  return rateLimit({
    windowMs: opts.windowMs,
    limit: opts.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // Successful sign-ins do not use up the allowance: only failures (guesses) count.
    skipSuccessfulRequests: opts.onlyFailures,
    message: tooMany,
    ...(account
      ? {
          keyGenerator: (req: Request) => `account:${account(req)}`,
          skip: (req: Request) => account(req) === undefined,
        }
      : {}),
  });
}

/** Parent and student sign-in: failed attempts per IP address and per account. */
export function signInLimits(limits: RateLimits, accountField: string): RequestHandler[] {
  return [
    limiter({ windowMs: limits.signInWindowMs, limit: limits.signInPerIp, onlyFailures: true }),
    limiter({
      windowMs: limits.signInWindowMs,
      limit: limits.signInPerAccount,
      onlyFailures: true,
      account: accountIn(accountField),
    }),
  ];
}

/** Registration: every attempt per IP address. */
export function registrationLimits(limits: RateLimits): RequestHandler[] {
  return [limiter({ windowMs: limits.registerWindowMs, limit: limits.registerPerIp, onlyFailures: false })];
}
