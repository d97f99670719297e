import http from 'node:http';
import type { RequestHandler, Response } from 'express';
import { logger } from './log';
import { unavailablePage } from './unavailablePage';

/** The front ends the gateway routes to, and the path each is reached under. */
export const FRONT_ENDS = [
  { name: 'shell', prefix: '' },
  { name: 'mf-parent', prefix: '/mf/parent' },
  { name: 'mf-student', prefix: '/mf/student' },
  { name: 'mf-sessions', prefix: '/mf/sessions' },
] as const;
export type FrontEndName = (typeof FRONT_ENDS)[number]['name'];

/** What a static-file server needs to answer (and revalidate) a file; cookies and the rest stay at the gateway. */
const PASSED_ON = ['accept', 'accept-encoding', 'accept-language', 'if-none-match', 'if-modified-since', 'range'];
const PASSED_BACK = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-range',
  'accept-ranges',
  'cache-control',
  'etag',
  'last-modified',
  'vary',
];

const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 1000, maxSockets: 128 });

function unavailable(res: Response, name: string) {
  if (res.headersSent) return res.destroy();
  unavailablePage(
    res,
    'is not available right now',
    `The ${name} front end could not be reached. Please try again in a moment.`,
  );
}

/**
 * Passes GET and HEAD requests under `prefix` to a front end's own static-file server at `base` (the prefix taken
 * off). Anything else, or a path the server does not have, is the server's answer (404), never another front end's.
 */
export function frontEndUpstream(name: FrontEndName, base: string, timeoutMs: number): RequestHandler {
  const target = new URL(base);
  const basePath = target.pathname.replace(/\/+$/, '');
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').type('text').send('Method not allowed');
      return;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const h of PASSED_ON) if (req.headers[h] !== undefined) headers[h] = req.headers[h];
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    const upstream = http.request({
      host: target.hostname,
      port: Number(target.port || 80),
      method: req.method,
      path: `${basePath}${req.path}${query}`,
      headers,
      agent,
      timeout: timeoutMs,
    });
    upstream.once('timeout', () => upstream.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    upstream.once('response', (answer) => {
      res.status(answer.statusCode ?? 502);
      for (const h of PASSED_BACK) if (answer.headers[h] !== undefined) res.setHeader(h, answer.headers[h]!);
      answer.pipe(res);
      answer.once('error', () => res.destroy());
    });
    upstream.once('error', (err) => {
      logger.warn({ err, frontEnd: name, upstream: base, requestId: req.headers['x-request-id'] }, 'front end error');
      unavailable(res, name);
    });
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end();
  };
}

export const closeFrontEndUpstreams = () => agent.destroy();
