import crypto from 'node:crypto';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { API_ERRORS } from '@logbook/contracts/messages';
import type { GatewayConfig } from './config';
import { refuseTooLarge, sendMessage } from './responses';

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

/** Requests whose client waits for "100 Continue" before sending the body; the server hands them over unanswered. */
const awaitingContinue = new WeakSet<IncomingMessage>();

/**
 * Has the server pass `Expect: 100-continue` requests to the app instead of answering "100 Continue" itself, so a
 * body declared too large is refused before the client sends it.
 */
export function handleExpectContinue(server: Server, app: RequestListener) {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    awaitingContinue.add(req);
    app(req, res);
  });
}

/**
 * Bodies larger than the gateway lets through, judged here by Content-Length before anything is read; a body
 * without one is counted as it streams (see proxy.ts). A client waiting for "100 Continue" gets it once its
 * declared length passes.
 */
export function bodyLimit(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const length = req.headers['content-length'];
    const waiting = awaitingContinue.delete(req);
    if (length !== undefined && Number(length) > maxBytes) {
      if (!waiting) return refuseTooLarge(req, res);
      // The client has sent nothing yet and will not once it has this answer.
      res.setHeader('Connection', 'close');
      return sendMessage(res, 413, API_ERRORS.bodyTooLarge);
    }
    if (waiting) res.writeContinue();
    next();
  };
}

export { ownOrigin, sameOriginWrites } from '@logbook/service-kit/same-origin';

/** What the services are told about the caller: set by the gateway alone, whatever the client claimed. */
export const forwardedHeaders: RequestHandler = (req, _res, next) => {
  delete req.headers.forwarded;
  req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
  req.headers['x-forwarded-proto'] = req.protocol;
  if (req.headers.host) req.headers['x-forwarded-host'] = req.headers.host;
  else delete req.headers['x-forwarded-host'];
  next();
};
