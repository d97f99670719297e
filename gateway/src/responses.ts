import type { IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { API_ERRORS } from '@logbook/contracts/messages';

/** The gateway's own answers: `{ message }` JSON, never cached. A response already under way is cut instead. */
export function sendMessage(res: Response, status: number, message: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).set('Cache-Control', 'no-store').json({ message });
}

/** How long a connection whose body was left unread stays open, unread, for the client to take the answer. */
const LINGER_MS = 1000;

/** Whether the request announces a body, by either framing. */
export const announcesBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** A body is unread while some of it has not been taken and nothing is taking it (the proxy streams it on). */
const bodyUnread = (req: IncomingMessage) => !req.readableEnded && req.listenerCount('data') === 0;

/** Statuses whose answers carry no body, so no Content-Length either. */
const NO_BODY = new Set([204, 304]);

/**
 * Every answer the gateway gives while the request's body is still unread ends the connection. Otherwise the server
 * would read and throw away whatever the client goes on sending, 100 MB as readily as 100 bytes, to keep the
 * connection for another request. Reading stops at once; the answer is sent whole with `Connection: close`, and the
 * connection stays open, unread, until the client closes it or for a second at most (so the answer is not lost to a
 * reset), then is closed. Installed before anything else that may answer.
 */
export const closeOnUnreadBody: RequestHandler = (req, res, next) => {
  if (!announcesBody(req)) return next();
  let closing = false;
  let lingering = false;

  const writeHead = res.writeHead as (...args: unknown[]) => Response;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!this.headersSent && bodyUnread(req)) {
      closing = true;
      req.pause();
      this.setHeader('Connection', 'close');
    }
    return writeHead.apply(this, args);
  } as Response['writeHead'];

  const end = res.end as (...args: unknown[]) => Response;
  res.end = function (this: Response, ...args: unknown[]) {
    if (lingering || !(closing || (!this.headersSent && bodyUnread(req)))) return end.apply(this, args);
    const done = typeof args[args.length - 1] === 'function' ? args.pop() : undefined;
    const [chunk, encoding] = args as [string | Buffer | Uint8Array | undefined | null, BufferEncoding | undefined];
    if (!this.headersSent && this.getHeader('content-length') === undefined && !NO_BODY.has(this.statusCode)) {
      this.setHeader('Content-Length', chunk == null ? 0 : Buffer.byteLength(chunk, encoding));
    }
    // An answer whose end only the connection's end can tell (compressed pages) is ended as usual.
    if (this.getHeader('content-length') === undefined) return end.call(this, chunk, encoding, done);
    lingering = true;
    if (chunk != null) this.write(chunk, encoding as BufferEncoding);
    else this.flushHeaders();
    const finish = () => {
      if (!this.writableEnded) end.call(this, done);
    };
    if (req.socket.destroyed) finish();
    else {
      req.socket.once('close', finish);
      setTimeout(finish, LINGER_MS).unref();
    }
    return this;
  } as Response['end'];

  next();
};

/** 413 for a body past the limit, answered at once; nothing more of the body is read (see closeOnUnreadBody). */
export function refuseTooLarge(res: Response) {
  sendMessage(res, 413, API_ERRORS.bodyTooLarge);
}
