import type { ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { API_ERRORS } from '@logbook/contracts/messages';
import { GATEWAY_SECRET_HEADER } from '@logbook/service-kit/config';
import { logger } from './log';
import type { ServiceName } from './routes';
import { refuseTooLarge, sendMessage } from './responses';
import { UpstreamPool, type Upstream } from './upstreams';

/** Errors that mean the request never reached the instance: safe to pass it over and try another. */
const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * A body is streamed to the service as it arrives, never gathered whole. Up to this much of it is also kept until
 * the service answers, so that a request sent on a kept-alive connection the service had just closed can be sent
 * again to another instance. A body that may be larger goes on a fresh connection instead, where that cannot happen.
 */
export const REPLAY_BYTES = 64 * 1024;

/**
 * What the gateway itself tells the services about the caller (see forwardedHeaders): always passed on, even when the
 * client names them in its Connection header, which would otherwise have the service take the gateway for the caller.
 */
const SET_BY_GATEWAY = new Set([
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-request-id',
  GATEWAY_SECRET_HEADER,
]);

/** Headers about one connection, not about the request or answer: never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

export interface ApiProxy {
  /** Proxies the request to an instance of `service`. */
  forward(service: ServiceName, req: Request, res: Response, next: NextFunction): void;
  pools: Record<ServiceName, UpstreamPool>;
  close(): void;
}

export interface ApiProxyOptions {
  upstreams: Record<ServiceName, string[]>;
  /** A service that has not started answering within this time gets a 504. */
  timeoutMs: number;
  /** Bodies past this many bytes, however framed, are cut off with a 413. */
  maxBodyBytes: number;
}

const declaredLength = (req: IncomingMessage) => {
  const raw = req.headers['content-length'];
  return raw === undefined ? undefined : Number(raw);
};

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || (declaredLength(req) ?? 0) > 0;

function upstreamHeaders(req: IncomingMessage): OutgoingHttpHeaders {
  const named = new Set(
    String(req.headers.connection ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase()),
  );
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    if (SET_BY_GATEWAY.has(name) || !named.has(name)) headers[name] = value;
  }
  if (req.headers['transfer-encoding'] !== undefined && req.headers['content-length'] === undefined) {
    headers['transfer-encoding'] = 'chunked';
  }
  return headers;
}

export function createApiProxy(opts: ApiProxyOptions): ApiProxy {
  const pools = Object.fromEntries(
    Object.entries(opts.upstreams).map(([service, urls]) => [service, new UpstreamPool(service as ServiceName, urls)]),
  ) as Record<ServiceName, UpstreamPool>;
  const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 1000, maxSockets: 256, maxFreeSockets: 64 });
  const freshAgent = new http.Agent({ keepAlive: false, maxSockets: 256 });
  // An upstream that goes quiet in the middle of a long answer (a PDF) is cut after this much silence.
  const idleMs = Math.max(30_000, opts.timeoutMs * 6);

  function forward(service: ServiceName, req: Request, res: Response, _next: NextFunction) {
    const pool = pools[service];
    const withBody = hasBody(req);
    const length = declaredLength(req);
    const fresh = withBody && (length === undefined || length > REPLAY_BYTES);
    const path = req.originalUrl;
    const headers = upstreamHeaders(req);
    const tried = new Set<Upstream>();
    res.locals.upstream = service;

    let finished = false;
    let current: ClientRequest | undefined;
    /** The body bytes read so far, while they are few enough to keep; undefined once some were let go. */
    let kept: Buffer[] | undefined = [];
    let received = 0;
    let reading = false;
    let ended = false;

    const finish = () => {
      finished = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      current?.destroy();
      // A body left unread would be taken for the next request on this connection: the connection ends instead.
      if (withBody && !ended && !res.headersSent) res.setHeader('Connection', 'close');
    };
    const timer = setTimeout(() => {
      finish();
      sendMessage(res, 504, API_ERRORS.serviceTimeout);
    }, opts.timeoutMs);
    res.once('close', () => {
      if (!res.writableFinished) finish();
      clearTimeout(timer);
    });

    function onData(chunk: Buffer) {
      received += chunk.length;
      if (received > opts.maxBodyBytes) {
        finish();
        refuseTooLarge(res);
        return;
      }
      if (kept) {
        if (received <= REPLAY_BYTES) kept.push(chunk);
        else kept = undefined;
      }
      if (current && !current.write(chunk)) {
        req.pause();
        current.once('drain', () => req.resume());
      }
    }
    function onEnd() {
      ended = true;
      current?.end();
    }

    /** Sends what was kept of the body, then the rest as it comes; only once the instance has taken the connection. */
    function feed(proxyReq: ClientRequest) {
      if (finished || proxyReq !== current) return;
      for (const chunk of kept ?? []) proxyReq.write(chunk);
      if (ended) {
        proxyReq.end();
        return;
      }
      if (!reading) {
        reading = true;
        req.on('data', onData);
        req.once('end', onEnd);
        req.once('error', finish);
      }
      req.resume();
    }

    function send(upstream: Upstream, onFreshConnection = fresh) {
      tried.add(upstream);
      const base = new URL(upstream.url).pathname.replace(/\/+$/, '');
      const proxyReq = http.request({
        host: upstream.host,
        port: upstream.port,
        method: req.method,
        path: base + path,
        headers,
        agent: onFreshConnection ? freshAgent : agent,
      });
      current = proxyReq;
      proxyReq.setTimeout(idleMs, () => proxyReq.destroy());
      if (withBody) {
        proxyReq.once('socket', (socket) => {
          if (socket.connecting) socket.once('connect', () => feed(proxyReq));
          else feed(proxyReq);
        });
      } else {
        proxyReq.end();
      }
      proxyReq.once('response', (proxyRes) => {
        pool.markUp(upstream);
        if (finished) {
          proxyRes.resume();
          return;
        }
        clearTimeout(timer);
        for (const [name, value] of Object.entries(proxyRes.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
        }
        res.status(proxyRes.statusCode ?? 502);
        proxyRes.pipe(res);
        proxyRes.once('error', () => res.destroy());
        proxyRes.once('aborted', () => res.destroy());
      });
      proxyReq.once('error', (err: NodeJS.ErrnoException) => {
        if (finished || proxyReq !== current) return;
        const code = err.code ?? '';
        if (CONNECT_ERRORS.has(code)) pool.markDown(upstream);
        // Nothing reached the instance, or all of it can be sent again: try another one.
        const reused = proxyReq.reusedSocket && code === 'ECONNRESET';
        if ((CONNECT_ERRORS.has(code) || reused) && kept !== undefined && !res.headersSent) {
          // A connection closed while idle says nothing of the instance: with no other, it is asked again afresh.
          const next = pool.pick(tried) ?? (reused ? upstream : undefined);
          if (next) {
            req.pause();
            send(next, fresh || reused);
            return;
          }
        }
        finish();
        if (code === 'ECONNREFUSED') sendMessage(res, 503, API_ERRORS.serviceUnavailable);
        else sendMessage(res, 502, API_ERRORS.badGateway);
        logger.warn({ err, requestId: req.headers['x-request-id'], upstream: upstream.url }, 'upstream error');
      });
    }

    send(pool.pick()!);
  }

  const close = () => {
    agent.destroy();
    freshAgent.destroy();
    for (const pool of Object.values(pools)) pool.close();
  };
  return { forward, pools, close };
}
