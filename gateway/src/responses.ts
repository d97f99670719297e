import type { Request, Response } from 'express';
import { API_ERRORS } from '@logbook/contracts/messages';

/** The gateway's own answers: `{ message }` JSON, never cached. A response already under way is cut instead. */
export function sendMessage(res: Response, status: number, message: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).set('Cache-Control', 'no-store').json({ message });
}

/** How long a connection whose body was refused stays open, unread, for the client to take the answer. */
const LINGER_MS = 1000;

/**
 * 413 for a body past the limit, answered at once and whole. Nothing more of the body is read: the connection
 * stays open, unread, until the client closes it or for a second at most (so the answer is not lost to a reset),
 * then is closed.
 */
export function refuseTooLarge(req: Request, res: Response) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  req.pause();
  const body = JSON.stringify({ message: API_ERRORS.bodyTooLarge });
  res
    .status(413)
    .set({
      'Cache-Control': 'no-store',
      Connection: 'close',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
    })
    .write(body);
  const end = () => {
    if (!res.writableEnded) res.end();
  };
  if (req.readableEnded) return end();
  req.socket.once('close', end);
  setTimeout(end, LINGER_MS).unref();
}
