import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type mongoose from 'mongoose';
import { API_ERRORS } from '@logbook/contracts/messages';
import { DatabaseRateLimitStore, type WindowCounter } from './rate-limit-store';

export interface KeyedLimitOptions {
  /** The service's own collection of window counters. */
  model: mongoose.Model<WindowCounter>;
  /** Starts every counter's id: what is limited and by what ('coupon:account:'). */
  prefix: string;
  windowMs: number;
  /** A number, or read for each request (a limit from configuration read once it is loaded). */
  limit: number | (() => number);
  /**
   * What the count is kept against: something the caller cannot choose (an account id, the address). Undefined skips
   * the request, which then counts against nothing.
   */
  key: (req: Request, res: Response) => string | undefined;
  /**
   * Count only the requests that failed (a wrong password), not every one. An answer of 503 (refused for load before
   * anything was tried) is no failure.
   */
  failuresOnly?: boolean;
}

/** The client's address as express-rate-limit counts it (IPv6 by its /56 network, so one host cannot rotate). */
export const addressKey = (req: Request): string => ipKeyGenerator(req.ip ?? '');

/**
 * A limit counted in the service's database, so every instance shares it; past it, 429 with Retry-After and the
 * product's "too many attempts" message.
 */
export function keyedLimit(options: KeyedLimitOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: typeof options.limit === 'number' ? options.limit : () => (options.limit as () => number)(),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    message: { message: API_ERRORS.tooManyAttempts },
    skipSuccessfulRequests: options.failuresOnly ?? false,
    requestWasSuccessful: (_req, res) => res.statusCode < 400 || res.statusCode === 503,
    skip: (req, res) => options.key(req, res) === undefined,
    keyGenerator: (req, res) => options.key(req, res)!,
    store: new DatabaseRateLimitStore(options.model, options.prefix),
  });
}
