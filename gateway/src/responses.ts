import type { Response } from 'express';

/** The gateway's own answers: `{ message }` JSON, never cached. A response already under way is cut instead. */
export function sendMessage(res: Response, status: number, message: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).set('Cache-Control', 'no-store').json({ message });
}
