import mongoose from 'mongoose';
import { logger } from './logger';

/**
 * Runs `work` every `intervalMs` while the process runs (the timer never keeps it alive): never two rounds at once,
 * none while the database is not connected; a round that fails is logged with `failure` and the next one tries again.
 * Answers the function that stops it.
 */
export function repeatInBackground(work: () => Promise<unknown>, intervalMs: number, failure: string): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running || mongoose.connection.readyState !== 1) return;
    running = true;
    work()
      .catch((err: unknown) => logger.warn({ err }, failure))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
