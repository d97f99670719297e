import crypto from 'node:crypto';
import cookieParser from 'cookie-parser';
import express, { type Express, type RequestHandler, type Router } from 'express';
import { pinoHttp } from 'pino-http';
import {
  GATEWAY_SECRET_HEADER,
  gatewaySecretSetting,
  publicOriginSetting,
  secretMatcher,
  trustProxySetting,
} from './config';
import { databaseReady } from './db';
import { API_ERRORS } from '@logbook/contracts/messages';
import { AppError, errorHandler, notFoundHandler } from './errors';
import { logger } from './logger';
import { loggedHeaders, loggedUrl } from './redact';
import { releaseInfo } from './release';
import { sameOriginWrites, utf8OrNoCharset } from './same-origin';

export interface ServiceAppOptions {
  name: string;
  /** Routers mounted at the root; each declares its full /api paths. */
  routers: Router[];
  /** JSON body limit (the session form sends two signature images). */
  jsonLimit?: string;
  /** Mounted before the JSON parser (Stripe's webhook needs the raw body). */
  beforeJson?: (app: Express) => void;
  /** Counts the service adds to its readiness answer for monitoring (they do not make it unready). */
  readyDetails?: () => Promise<Record<string, number>>;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Where a caller other than the gateway could claim another client's address, scheme or host. */
const FORWARDED = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded']);

/** Drops the named headers from the request, from its raw list too, so nothing later can read them. */
function dropHeaders(req: express.Request, names: ReadonlySet<string>) {
  for (const name of names) delete req.headers[name];
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (names.has(raw[i].toLowerCase())) raw.splice(i, 2);
  }
}

/**
 * X-Forwarded-* are believed only from the gateway, which proves itself with the shared secret; from anyone else they
 * are dropped before anything reads the caller's address (the sign-in limits count by it). The secret itself never
 * reaches a route or a log line. Without a secret configured, TRUST_PROXY alone decides, as Express does.
 */
function forwardedFromGatewayOnly(secret: string | undefined): RequestHandler {
  const isSecret = secret === undefined ? () => true : secretMatcher(secret);
  const secretHeader = new Set([GATEWAY_SECRET_HEADER]);
  return (req, _res, next) => {
    const given = req.headers[GATEWAY_SECRET_HEADER];
    const fromGateway = isSecret(given);
    if (given !== undefined) dropHeaders(req, secretHeader);
    if (!fromGateway) dropHeaders(req, FORWARDED);
    next();
  };
}

/** The Express app every service is built from. It does not listen: server.ts does, tests use it as it is. */
export function createServiceApp(opts: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Client addresses come from the gateway's X-Forwarded-For; only the configured gateway, with the secret, may set it.
  app.set('trust proxy', trustProxySetting(process.env.TRUST_PROXY));
  app.use(forwardedFromGatewayOnly(gatewaySecretSetting(process.env.INTERNAL_API_SECRET)));
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/ready' },
      customProps: () => ({ service: opts.name }),
      serializers: {
        req: (req: { url: string; headers: Record<string, unknown> }) => ({
          ...req,
          url: loggedUrl(req.url),
          headers: loggedHeaders(req.headers),
        }),
      },
    }),
  );
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', service: opts.name, ...releaseInfo(opts.name) });
  });
  app.get('/ready', async (_req, res) => {
    const ready = await databaseReady();
    const details = ready && opts.readyDetails ? await opts.readyDetails().catch(() => ({})) : {};
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'unavailable', service: opts.name, database: ready, ...details });
  });
  // The gateway's rule again, for whoever reaches the service without passing through it.
  app.use(sameOriginWrites(publicOriginSetting(process.env.PUBLIC_ORIGIN)));
  opts.beforeJson?.(app);
  app.use(utf8JsonOnly);
  app.use(express.json({ limit: opts.jsonLimit ?? '100kb', strict: true }));
  app.use(cookieParser());
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  for (const router of opts.routers) app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

/**
 * JSON bodies in UTF-8 alone, for every method and route (the same-origin rule checks state-changing calls only): the
 * parser would also decode UTF-7 or UTF-16.
 */
const utf8JsonOnly: RequestHandler = (req, _res, next) => {
  const type = req.headers['content-type'] ?? '';
  if (/json/i.test(type) && !utf8OrNoCharset(type)) {
    next(new AppError(415, API_ERRORS.unsupportedBody));
    return;
  }
  next();
};
