import crypto from 'node:crypto';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { GATEWAY_SECRET_HEADER } from '@logbook/service-kit/config';
import type { GatewayConfig } from './config';
import { refuseTooLarge } from './responses';

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
function contentSecurityPolicy(config: Pick<GatewayConfig, 'geocodeOrigin'>) {
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
      // A page opened from a link sent as /sign/<token> names itself to nothing it loads or calls: each Referer
      // would carry the token into the logs on the way.
      if (req.path.startsWith('/sign/')) res.setHeader('Referrer-Policy', 'no-referrer');
      next();
    },
  ];
}

/** Requests whose client waits for "100 Continue" before sending the body; the server hands them over unanswered. */
const awaitingContinue = new WeakSet<IncomingMessage>();

/**
 * Has the server pass `Expect: 100-continue` requests to the app instead of answering "100 Continue" itself, so the
 * client is asked for its body only once the request has passed every check (see `askForBody`); a refused one gets
 * its answer before the body is sent, and the connection ends (see closeOnUnreadBody).
 */
export function handleExpectContinue(server: Server, app: RequestListener) {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    awaitingContinue.add(req);
    app(req, res);
  });
}

/** Answers "100 Continue" to a client waiting for it: called once the request is about to go to its service. */
export function askForBody(req: IncomingMessage, res: ServerResponse) {
  if (awaitingContinue.delete(req)) res.writeContinue();
}

/**
 * Bodies larger than the gateway lets through, judged here by Content-Length before anything is read; a body
 * without one is counted as it streams (see proxy.ts).
 */
export function bodyLimit(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const length = req.headers['content-length'];
    if (length !== undefined && Number(length) > maxBytes) return refuseTooLarge(res);
    next();
  };
}

export { sameOriginWrites } from '@logbook/service-kit/same-origin';

/**
 * What the services are told about the caller: set by the gateway alone, whatever the client claimed. With the
 * internal secret, every proxied request carries it in GATEWAY_SECRET_HEADER, which is how a service knows these
 * headers come from the gateway; a client's own such header is never passed on.
 */
export function forwardedHeaders(secret?: string): RequestHandler {
  return (req, _res, next) => {
    delete req.headers.forwarded;
    req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
    req.headers['x-forwarded-proto'] = req.protocol;
    if (req.headers.host) req.headers['x-forwarded-host'] = req.headers.host;
    else delete req.headers['x-forwarded-host'];
    if (secret) req.headers[GATEWAY_SECRET_HEADER] = secret;
    else delete req.headers[GATEWAY_SECRET_HEADER];
    next();
  };
}
