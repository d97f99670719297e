import type { ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { API_ERRORS } from '@logbook/contracts/messages';
import { GATEWAY_SECRET_HEADER } from '@logbook/service-kit/config';
import { logger } from './log';
import type { ServiceName } from './routes';
import { announcesBody, refuseTooLarge, sendMessage } from './responses';
import { UpstreamPool, type Upstream } from './upstreams';

/** Errors that mean the request never reached the instance: safe to pass it over and try another. */
const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * A body is streamed to the service as it arrives, never gathered whole. Up to this much of it is also kept until
 * the service answers, so that a request sent on a kept-alive connection the service had just closed can be sent
 * again to another instance. A body that may be larger goes on a fresh connection instead, where that cannot happen.
 */
const REPLAY_BYTES = 64 * 1024;

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
  /** Services given longer (billing waits on Stripe, which may take most of a minute to make a subscription). */
  serviceTimeoutMs?: Partial<Record<ServiceName, number>>;
  /** Bodies past this many bytes, however framed, are cut off with a 413. */
  maxBodyBytes: number;
}

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

/** What every forwarded request shares: the instances of each service and the connections to them. */
interface Forwarder {
  pools: Record<ServiceName, UpstreamPool>;
  agent: http.Agent;
  freshAgent: http.Agent;
  opts: ApiProxyOptions;
  /** An upstream that goes quiet in the middle of a long answer (a PDF) is cut after this much silence. */
  idleMs: number;
}

/**
 * One request on its way to a service: sent to an instance, its body streamed as it arrives (the first bytes kept so
 * it can be sent again), the answer relayed; on a connection that never reached the instance, another instance tried.
 */
class Forwarding {
  private readonly pool: UpstreamPool;
  private readonly withBody: boolean;
  /** A body that may be larger than what is kept goes on a fresh connection, which an instance cannot have closed. */
  private readonly fresh: boolean;
  private readonly headers: OutgoingHttpHeaders;
  private readonly tried = new Set<Upstream>();
  private readonly timer: NodeJS.Timeout;
  private finished = false;
  private current: ClientRequest | undefined;
  /** The body bytes read so far, while they are few enough to keep; undefined once some were let go. */
  private kept: Buffer[] | undefined = [];
  private received = 0;
  private reading = false;
  private ended = false;

  constructor(
    private readonly forwarder: Forwarder,
    service: ServiceName,
    private readonly req: Request,
    private readonly res: Response,
  ) {
    this.pool = forwarder.pools[service];
    this.withBody = announcesBody(req);
    const length = req.headers['content-length'];
    this.fresh = this.withBody && (length === undefined || Number(length) > REPLAY_BYTES);
    this.headers = upstreamHeaders(req);
    res.locals.upstream = service;
    this.timer = setTimeout(() => {
      this.finish();
      sendMessage(res, 504, API_ERRORS.serviceTimeout);
    }, forwarder.opts.serviceTimeoutMs?.[service] ?? forwarder.opts.timeoutMs);
    res.once('close', () => {
      if (!res.writableFinished) this.finish();
      clearTimeout(this.timer);
    });
  }

  start() {
    this.send(this.pool.pick()!, this.fresh);
  }

  private send(upstream: Upstream, onFreshConnection: boolean) {
    this.tried.add(upstream);
    const base = new URL(upstream.url).pathname.replace(/\/+$/, '');
    const proxyReq = http.request({
      host: upstream.host,
      port: upstream.port,
      method: this.req.method,
      path: base + this.req.originalUrl,
      headers: this.headers,
      agent: onFreshConnection ? this.forwarder.freshAgent : this.forwarder.agent,
    });
    this.current = proxyReq;
    proxyReq.setTimeout(this.forwarder.idleMs, () => proxyReq.destroy());
    if (this.withBody) {
      proxyReq.once('socket', (socket) => {
        if (socket.connecting) socket.once('connect', () => this.feed(proxyReq));
        else this.feed(proxyReq);
      });
    } else {
      proxyReq.end();
    }
    proxyReq.once('response', (proxyRes) => this.relay(upstream, proxyRes));
    proxyReq.once('error', (err: NodeJS.ErrnoException) => this.retryOrFail(upstream, proxyReq, err));
  }

  /** Passes the instance's answer on as it comes. */
  private relay(upstream: Upstream, proxyRes: IncomingMessage) {
    this.pool.markUp(upstream);
    if (this.finished) {
      proxyRes.resume();
      return;
    }
    clearTimeout(this.timer);
    const { res } = this;
    for (const [name, value] of Object.entries(proxyRes.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
    }
    res.status(proxyRes.statusCode ?? 502);
    proxyRes.pipe(res);
    proxyRes.once('error', () => res.destroy());
    proxyRes.once('aborted', () => res.destroy());
  }

  /** Nothing reached the instance, or all of it can be sent again: another instance is tried; otherwise a 502/503. */
  private retryOrFail(upstream: Upstream, proxyReq: ClientRequest, err: NodeJS.ErrnoException) {
    if (this.finished || proxyReq !== this.current) return;
    const code = err.code ?? '';
    if (CONNECT_ERRORS.has(code)) this.pool.markDown(upstream);
    const reused = proxyReq.reusedSocket && code === 'ECONNRESET';
    if ((CONNECT_ERRORS.has(code) || reused) && this.kept !== undefined && !this.res.headersSent) {
      // A connection closed while idle says nothing of the instance: with no other, it is asked again afresh.
      const next = this.pool.pick(this.tried) ?? (reused ? upstream : undefined);
      if (next) {
        this.req.pause();
        this.send(next, this.fresh || reused);
        return;
      }
    }
    this.finish();
    if (code === 'ECONNREFUSED') sendMessage(this.res, 503, API_ERRORS.serviceUnavailable);
    else sendMessage(this.res, 502, API_ERRORS.badGateway);
    logger.warn({ err, requestId: this.req.headers['x-request-id'], upstream: upstream.url }, 'upstream error');
  }

  /** Sends what was kept of the body, then the rest as it comes; only once the instance has taken the connection. */
  private feed(proxyReq: ClientRequest) {
    if (this.finished || proxyReq !== this.current) return;
    for (const chunk of this.kept ?? []) proxyReq.write(chunk);
    if (this.ended) {
      proxyReq.end();
      return;
    }
    if (!this.reading) {
      this.reading = true;
      this.req.on('data', this.onData);
      this.req.once('end', this.onEnd);
      this.req.once('error', this.finish);
    }
    this.req.resume();
  }

  private readonly onData = (chunk: Buffer) => {
    this.received += chunk.length;
    if (this.received > this.forwarder.opts.maxBodyBytes) {
      this.finish();
      refuseTooLarge(this.res);
      return;
    }
    if (this.kept) {
      if (this.received <= REPLAY_BYTES) this.kept.push(chunk);
      else this.kept = undefined;
    }
    const current = this.current;
    if (current && !current.write(chunk)) {
      this.req.pause();
      current.once('drain', () => this.req.resume());
    }
  };

  private readonly onEnd = () => {
    this.ended = true;
    this.current?.end();
  };

  private readonly finish = () => {
    this.finished = true;
    clearTimeout(this.timer);
    this.req.off('data', this.onData);
    this.req.off('end', this.onEnd);
    this.current?.destroy();
    // A body left unread would be taken for the next request on this connection: the connection ends instead.
    if (this.withBody && !this.ended && !this.res.headersSent) this.res.setHeader('Connection', 'close');
  };
}

export function createApiProxy(opts: ApiProxyOptions): ApiProxy {
  const pools = Object.fromEntries(
    Object.entries(opts.upstreams).map(([service, urls]) => [service, new UpstreamPool(service as ServiceName, urls)]),
  ) as Record<ServiceName, UpstreamPool>;
  const forwarder: Forwarder = {
    pools,
    agent: new http.Agent({ keepAlive: true, keepAliveMsecs: 1000, maxSockets: 256, maxFreeSockets: 64 }),
    freshAgent: new http.Agent({ keepAlive: false, maxSockets: 256 }),
    opts,
    idleMs: Math.max(30_000, opts.timeoutMs * 6),
  };
  const forward = (service: ServiceName, req: Request, res: Response) =>
    new Forwarding(forwarder, service, req, res).start();
  const close = () => {
    forwarder.agent.destroy();
    forwarder.freshAgent.destroy();
    for (const pool of Object.values(pools)) pool.close();
  };
  return { forward, pools, close };
}
