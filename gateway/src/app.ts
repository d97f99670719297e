import http from 'node:http';
import compression from 'compression';
import express, { type Express } from 'express';
import { API_ERRORS } from '@logbook/contracts/messages';
import type { GatewayConfig } from './config';
import { healthHandler } from './health';
import { accessLog, logger } from './log';
import { createApiProxy } from './proxy';
import { closeOnUnreadBody, sendMessage } from './responses';
import { isSafeApiPath, serviceFor } from './routes';
import {
  askForBody,
  bodyLimit,
  forwardedHeaders,
  handleExpectContinue,
  requestId,
  sameOriginWrites,
  securityHeaders,
} from './security';
import { frontEnds } from './static';
import { versionsRoute } from './versions';
import { apiDescription } from './openapi/serve';

/** The one public origin: security headers, the API routed to its services, and the built front ends. */
export function createGatewayApp(config: GatewayConfig): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const api = createApiProxy({
    upstreams: config.upstreams,
    timeoutMs: config.upstreamTimeoutMs,
    serviceTimeoutMs: { billing: config.billingTimeoutMs },
    maxBodyBytes: config.maxBodyBytes,
  });
  app.locals.closeUpstreams = api.close;

  app.use(closeOnUnreadBody);
  app.use(requestId);
  app.use(accessLog);
  app.use(securityHeaders(config));
  app.use(bodyLimit(config.maxBodyBytes));

  app.get('/api/health', healthHandler(api.pools, config.healthTimeoutMs));
  app.get('/api/versions', ...versionsRoute(config, api.pools));
  app.use(apiDescription());
  const sameOrigin = sameOriginWrites(config.publicOrigin);
  const forwarded = forwardedHeaders(config.internalSecret);
  // Bodies are never parsed or gathered here: they stream to the services as they come (Stripe signs the raw bytes).
  app.use((req, res, next) => {
    const path = req.path;
    if (path !== '/api' && !path.startsWith('/api/')) return next();
    const service = isSafeApiPath(path) ? serviceFor(path) : undefined;
    if (!service) return sendMessage(res, 404, API_ERRORS.notFound);
    sameOrigin(req, res, () => {
      forwarded(req, res, () => {
        // Every check has passed: a client waiting to be asked for its body is asked now, and only now.
        askForBody(req, res);
        api.forward(service, req, res, next);
      });
    });
  });

  app.use(compression());
  app.use(frontEnds(config));
  app.use((_req, res) => {
    res.status(404).type('text').send('Not found');
  });
  app.use(((err, req, res, _next) => {
    logger.error({ err, requestId: req.headers['x-request-id'] }, 'gateway error');
    sendMessage(res, 500, API_ERRORS.internal);
  }) as express.ErrorRequestHandler);
  return app;
}

/** The gateway's HTTP server, not yet listening: the app, and `Expect: 100-continue` answered by it. */
export function createGatewayServer(config: GatewayConfig): { server: http.Server; app: Express } {
  const app = createGatewayApp(config);
  const server = http.createServer(app);
  handleExpectContinue(server, app);
  return { server, app };
}

/** Lets go of the kept-alive connections to the services (shutdown, tests). */
export function closeGatewayApp(app: Express) {
  (app.locals.closeUpstreams as (() => void) | undefined)?.();
}
