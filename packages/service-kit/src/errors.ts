import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { API_ERRORS } from '@logbook/contracts/messages';
import { firstIssueMessage } from '@logbook/contracts/schemas';
import { ZodError, type ZodType, type z } from 'zod';

/** An expected failure: answered as `{ message }` with its status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A refusal that says when to try again (Retry-After): a limit reached, or more work than can be done in time. */
export class RetryLaterError extends AppError {
  constructor(
    status: 429 | 503,
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(status, message);
    this.name = 'RetryLaterError';
  }
}

/** More work than can be done in time: refused at once with 503, saying when to try again, rather than late. */
export class BusyError extends RetryLaterError {
  constructor(retryAfterSeconds: number, message: string = API_ERRORS.tooManySigningIn) {
    super(503, retryAfterSeconds, message);
    this.name = 'BusyError';
  }
}

/** A limit reached: refused with 429, saying when to try again. */
export const tooMany = (retryAfterSeconds: number, message: string = API_ERRORS.tooManyAttempts) =>
  new RetryLaterError(429, retryAfterSeconds, message);

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string = API_ERRORS.unauthenticated) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string = API_ERRORS.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** Parse with a shared schema; the first issue's message becomes a 400. */
export function parseOr400<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(firstIssueMessage(result.error));
  return result.data;
}

/** A positive integer id from a route parameter, else 400. */
export function parseId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,15}$/.test(raw)) throw badRequest(API_ERRORS.invalidId);
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw badRequest(API_ERRORS.invalidId);
  return id;
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ message: API_ERRORS.notFound });
};

/** What the body parser refuses, in the product's words (its own texts name library internals). */
const BODY_ERRORS = new Map<unknown, { status: number; message: string }>([
  ['entity.too.large', { status: 413, message: API_ERRORS.bodyTooLarge }],
  ['entity.parse.failed', { status: 400, message: API_ERRORS.malformedJson }],
  ['charset.unsupported', { status: 415, message: API_ERRORS.unsupportedBody }],
  ['encoding.unsupported', { status: 415, message: API_ERRORS.unsupportedBody }],
]);

/** Any other client error a library raised: its status kept, its text replaced. */
function clientErrorMessage(status: number): string {
  if (status === 404) return API_ERRORS.notFound;
  if (status === 413) return API_ERRORS.bodyTooLarge;
  if (status === 415) return API_ERRORS.unsupportedBody;
  return API_ERRORS.unreadableRequest;
}

const DATABASE_ERRORS = new Set([
  'MongoNetworkError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoNetworkTimeoutError',
]);

function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const name = (err as { name?: string }).name ?? '';
  const message = (err as { message?: string }).message ?? '';
  return (
    DATABASE_ERRORS.has(name) || /buffering timed out|Client must be connected|connection .* closed/i.test(message)
  );
}

/** The status and message an error is answered with; internals are logged, never answered. */
function answerFor(err: unknown, req: Request): { status: number; message: string } {
  if (err instanceof AppError) return { status: err.status, message: err.message };
  if (err instanceof ZodError) return { status: 400, message: firstIssueMessage(err) };
  const e = err as { type?: string; status?: number; statusCode?: number };
  const bodyError = BODY_ERRORS.get(e.type);
  if (bodyError) return bodyError;
  // A route parameter that is not valid percent-encoding ('%E0%A4%A').
  if (err instanceof URIError) return { status: 400, message: API_ERRORS.malformedAddress };
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: clientErrorMessage(status) };
  }
  if (isDatabaseUnavailable(err)) {
    req.log?.warn({ err }, 'database unavailable');
    return { status: 503, message: API_ERRORS.databaseUnavailable };
  }
  req.log?.error({ err }, 'unexpected error');
  return { status: 500, message: API_ERRORS.internal };
}

/** The one error middleware: everything becomes `{ message }` JSON. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    req.log?.error({ err }, 'error after headers were sent');
    res.destroy();
    return;
  }
  if (err instanceof RetryLaterError) res.setHeader('Retry-After', String(err.retryAfterSeconds));
  const { status, message } = answerFor(err, req);
  res.status(status).json({ message });
};
