import crypto from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';
import { API_ERRORS } from '@logbook/contracts/messages';
import type { GatewayConfig } from './config';
import { sendMessage } from './responses';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Keeps a well-formed incoming x-request-id, else makes one; the services log it with every line. */
export const requestId: RequestHandler = (req, res, next) => {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
  req.headers['x-request-id'] = id;
  res.setHeader('x-request-id', id);
  next();
};

/** Only what the app loads: its own files, Stripe's script and frames, and the reverse-geocoding service. */
export function contentSecurityPolicy(config: Pick<GatewayConfig, 'geocodeOrigin'>) {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", 'https://js.stripe.com'],
    'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
    'connect-src': ["'self'", 'https://api.stripe.com', config.geocodeOrigin],
    'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

export function securityHeaders(config: Pick<GatewayConfig, 'geocodeOrigin'>): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      // Sent below, and only over https: over plain http it would be meaningless.
      strictTransportSecurity: false,
      // Stripe's card authentication may open a window of its own.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
    }),
    (req, res, next) => {
      if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      res.setHeader('Permissions-Policy', 'geolocation=(self), camera=(), microphone=()');
      next();
    },
  ];
}

/** Bodies larger than the gateway lets through, judged by Content-Length before anything is read. */
export function bodyLimit(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const length = req.headers['content-length'];
    if (length !== undefined && Number(length) > maxBytes) {
      // The body is read and dropped (for a few seconds at most) so the client sees the answer rather than a reset.
      res.setHeader('Connection', 'close');
      req.resume();
      const answer = () => {
        if (!res.headersSent) sendMessage(res, 413, API_ERRORS.bodyTooLarge);
      };
      req.once('end', answer);
      setTimeout(answer, 3000).unref();
      return;
    }
    next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Stripe calls this from its own servers, signed; the Origin rule is for browsers. */
const ORIGIN_EXEMPT = new Set(['/api/stripe/webhook']);

export const ownOrigin = (req: Request, publicOrigin?: string) =>
  publicOrigin ?? `${req.protocol}://${req.get('host')}`;

/**
 * State-changing API calls from another origin are refused. Browsers always send Origin on such requests;
 * non-browser clients (no Origin) pass and still need a valid cookie.
 */
export function sameOriginWrites(publicOrigin?: string): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || ORIGIN_EXEMPT.has(req.path)) return next();
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== ownOrigin(req, publicOrigin)) {
      sendMessage(res, 403, API_ERRORS.crossOrigin);
      return;
    }
    next();
  };
}

/** What the services are told about the caller: set by the gateway alone, whatever the client claimed. */
export const forwardedHeaders: RequestHandler = (req, _res, next) => {
  delete req.headers.forwarded;
  req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
  req.headers['x-forwarded-proto'] = req.protocol;
  if (req.headers.host) req.headers['x-forwarded-host'] = req.headers.host;
  else delete req.headers['x-forwarded-host'];
  next();
};
