import type { ErrorRequestHandler, RequestHandler } from 'express';
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

/** The one error middleware: everything becomes `{ message }` JSON; internals are logged, never answered. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    req.log?.error({ err }, 'error after headers were sent');
    res.destroy();
    return;
  }
  if (err instanceof AppError) {
    res.status(err.status).json({ message: err.message });
    return;
  }
  if (err instanceof ZodError) {
    res.status(400).json({ message: firstIssueMessage(err) });
    return;
  }
  const e = err as { type?: string; status?: number; statusCode?: number };
  if (e.type === 'entity.too.large') {
    res.status(413).json({ message: API_ERRORS.bodyTooLarge });
    return;
  }
  if (e.type === 'entity.parse.failed') {
    res.status(400).json({ message: API_ERRORS.malformedJson });
    return;
  }
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).json({ message: (err as Error).message || API_ERRORS.internal });
    return;
  }
  if (isDatabaseUnavailable(err)) {
    req.log?.warn({ err }, 'database unavailable');
    res.status(503).json({ message: API_ERRORS.databaseUnavailable });
    return;
  }
  req.log?.error({ err }, 'unexpected error');
  res.status(500).json({ message: API_ERRORS.internal });
};
