import crypto from 'node:crypto';
import cookieParser from 'cookie-parser';
import express, { type Express, type Router } from 'express';
import { pinoHttp } from 'pino-http';
import { publicOriginSetting, trustProxySetting } from './config';
import { databaseReady } from './db';
import { errorHandler, notFoundHandler } from './errors';
import { logger } from './logger';
import { sameOriginWrites } from './same-origin';

export interface ServiceAppOptions {
  name: string;
  /** Routers mounted at the root; each declares its full /api paths. */
  routers: Router[];
  /** JSON body limit (the session form sends two signature images). */
  jsonLimit?: string;
  /** Mounted before the JSON parser (Stripe's webhook needs the raw body). */
  beforeJson?: (app: Express) => void;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The Express app every service is built from. It does not listen: server.ts does, tests use it as it is. */
export function createServiceApp(opts: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Client addresses come from the gateway's X-Forwarded-For; only the configured gateway may set it.
  app.set('trust proxy', trustProxySetting(process.env.TRUST_PROXY));
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
    }),
  );
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', service: opts.name });
  });
  app.get('/ready', async (_req, res) => {
    const ready = await databaseReady();
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'unavailable', service: opts.name, database: ready });
  });
  // The gateway's rule again, for whoever reaches the service without passing through it.
  app.use(sameOriginWrites(publicOriginSetting(process.env.PUBLIC_ORIGIN)));
  opts.beforeJson?.(app);
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
