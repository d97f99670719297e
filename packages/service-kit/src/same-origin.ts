import type { Request, RequestHandler, Response } from 'express';
import { API_ERRORS } from '@logbook/contracts/messages';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Stripe calls this from its own servers, signed over the raw bytes; the rules below are for browsers. */
const EXEMPT = new Set(['/api/stripe/webhook']);
/** The one body type the API reads; anything else is what a form or a script on another site can send unasked. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;
/** The first charset named, as the body parser reads it. */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i;

/**
 * A body type that names no charset or UTF-8: JSON in another (UTF-7, UTF-16, Latin-1) would be decoded into
 * characters a check of the bytes never saw, and no client of the product sends it.
 */
export const utf8OrNoCharset = (type: string): boolean => {
  const charset = CHARSET.exec(type)?.[1]?.toLowerCase();
  return charset === undefined || charset === 'utf-8';
};

/** The app's origin: the configured public one, else the request's own scheme and host. */
export const ownOrigin = (req: Request, publicOrigin?: string) =>
  publicOrigin ?? `${req.protocol}://${req.get('host')}`;

function refuse(res: Response, status: number, message: string) {
  res.status(status).set('Cache-Control', 'no-store').json({ message });
}

/**
 * State-changing API calls a page on another site could make a browser send are refused: those with another
 * Origin (browsers always send Origin on them; non-browser clients without one pass and still need a valid cookie),
 * and those with a body type other than JSON in UTF-8. The gateway and every service apply this same rule, so a service
 * reached directly refuses what the gateway refuses.
 */
export function sameOriginWrites(publicOrigin?: string): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || EXEMPT.has(req.path)) return next();
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== ownOrigin(req, publicOrigin)) {
      return refuse(res, 403, API_ERRORS.crossOrigin);
    }
    const type = req.headers['content-type'];
    if (type !== undefined && !JSON_TYPE.test(type)) return refuse(res, 415, API_ERRORS.bodyNotJson);
    if (type !== undefined && !utf8OrNoCharset(type)) return refuse(res, 415, API_ERRORS.unsupportedBody);
    next();
  };
}
