import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { API_ERRORS } from '@logbook/contracts/messages';
import { logger } from './log';
import type { ServiceName } from './routes';
import { sendMessage } from './responses';
import { UpstreamPool, type Upstream } from './upstreams';

/** Errors that mean the request never reached the instance: safe to pass it over and try another. */
const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

interface Attempt {
  /** The request body, read before proxying so that a request refused by one instance can go to another. */
  body?: Buffer;
  pool: UpstreamPool;
  upstream: Upstream;
  tried: Set<Upstream>;
  proxyReq?: ClientRequest;
  timer?: NodeJS.Timeout;
  timedOut: boolean;
}

export interface ApiProxy {
  /** Proxies the request to an instance of `service`. */
  forward(service: ServiceName, req: Request, res: Response, next: NextFunction): void;
  pools: Record<ServiceName, UpstreamPool>;
  close(): void;
}

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

export function createApiProxy(opts: { upstreams: Record<ServiceName, string[]>; timeoutMs: number }): ApiProxy {
  const pools = Object.fromEntries(
    Object.entries(opts.upstreams).map(([service, urls]) => [service, new UpstreamPool(service as ServiceName, urls)]),
  ) as Record<ServiceName, UpstreamPool>;
  const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 1000, maxSockets: 256, maxFreeSockets: 64 });
  const attempts = new WeakMap<IncomingMessage, Attempt>();

  const proxy = createProxyMiddleware<Request, Response>({
    router: (req) => attempts.get(req)!.upstream.url,
    agent,
    changeOrigin: false,
    xfwd: false,
    // An upstream that goes quiet in the middle of a long answer (a PDF) is cut after this much silence.
    proxyTimeout: Math.max(30_000, opts.timeoutMs * 6),
    on: {
      proxyReq: (proxyReq, req) => {
        const attempt = attempts.get(req);
        if (!attempt || attempt.timedOut) {
          proxyReq.destroy();
          return;
        }
        attempt.proxyReq = proxyReq;
        if (attempt.body) {
          proxyReq.removeHeader('transfer-encoding');
          proxyReq.setHeader('content-length', attempt.body.length);
          proxyReq.write(attempt.body);
        }
      },
      proxyRes: (_proxyRes, req) => {
        const attempt = attempts.get(req);
        if (!attempt) return;
        clearTimeout(attempt.timer);
        attempt.pool.markUp(attempt.upstream);
      },
      error: (err, req, res) => {
        const attempt = attempts.get(req as IncomingMessage);
        const response = res as ServerResponse as Response;
        if (!attempt || attempt.timedOut || typeof response.status !== 'function') return;
        const code = (err as NodeJS.ErrnoException).code ?? '';
        const reused = attempt.proxyReq?.reusedSocket === true && code === 'ECONNRESET';
        if (CONNECT_ERRORS.has(code)) attempt.pool.markDown(attempt.upstream);
        // Nothing reached the instance: try another one, if the request has no body to replay.
        const replayable = attempt.body !== undefined || !hasBody(req as IncomingMessage);
        if ((CONNECT_ERRORS.has(code) || reused) && replayable && !response.headersSent) {
          const next = attempt.pool.pick(attempt.tried);
          if (next) {
            attempt.tried.add(next);
            attempt.upstream = next;
            attempt.proxyReq = undefined;
            void proxy(req as Request, response, (e?: unknown) => {
              if (e) sendMessage(response, 502, API_ERRORS.badGateway);
            });
            return;
          }
        }
        clearTimeout(attempt.timer);
        if (code === 'ECONNREFUSED') sendMessage(response, 503, API_ERRORS.serviceUnavailable);
        else sendMessage(response, 502, API_ERRORS.badGateway);
        logger.warn(
          { err, requestId: (req as IncomingMessage).headers['x-request-id'], upstream: attempt.upstream.url },
          'upstream error',
        );
      },
    },
  });

  function forward(service: ServiceName, req: Request, res: Response, next: NextFunction) {
    if (!hasBody(req)) return start(service, req, res, next);
    // Bodies are small (the gateway refuses more than its limit): read them whole so they can be replayed.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => start(service, req, res, next, Buffer.concat(chunks)));
    req.once('error', () => sendMessage(res, 400, API_ERRORS.malformedJson));
  }

  function start(service: ServiceName, req: Request, res: Response, next: NextFunction, body?: Buffer) {
    const pool = pools[service];
    const upstream = pool.pick()!;
    const attempt: Attempt = { body, pool, upstream, tried: new Set([upstream]), timedOut: false };
    attempts.set(req, attempt);
    res.locals.upstream = service;
    attempt.timer = setTimeout(() => {
      attempt.timedOut = true;
      attempt.proxyReq?.destroy();
      sendMessage(res, 504, API_ERRORS.serviceTimeout);
    }, opts.timeoutMs);
    res.on('close', () => clearTimeout(attempt.timer));
    void proxy(req, res, next);
  }

  const close = () => {
    agent.destroy();
    for (const pool of Object.values(pools)) pool.close();
  };
  return { forward, pools, close };
}
