import type { RequestHandler } from 'express';
import { logger as baseLogger } from '@logbook/service-kit/logger';
import { loggedUrl } from '@logbook/service-kit/redact';

export const logger = baseLogger.child({ service: 'gateway' });

/** One line per request, with the request id the services log too. Static files only at debug level. */
export const accessLog: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const api = req.originalUrl.startsWith('/api/');
    const level = res.statusCode >= 500 ? 'warn' : api ? 'info' : 'debug';
    logger[level]({
      requestId: req.headers['x-request-id'],
      method: req.method,
      url: loggedUrl(req.originalUrl),
      status: res.statusCode,
      upstream: res.locals.upstream,
      ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
    });
  });
  next();
};
