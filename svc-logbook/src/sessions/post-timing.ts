import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where the time of one session post goes, sent back in a Server-Timing header: the signature checks (one full
 * decode that also makes the print copies), the reads before storing, asking svc-auth which guardian is logging, the
 * wait behind the student's earlier posts, the chain link (tip, next id and hash), and each database write. Only
 * durations are sent, never data.
 */
export type PostPart =
  | 'student'
  | 'guardian'
  | 'signatures'
  | 'supervisor'
  | 'db-signatures'
  | 'chain-wait'
  | 'chain-read'
  | 'chain-hash'
  | 'db-session'
  | 'db-head';

const parts = new AsyncLocalStorage<Map<string, number>>();

/** Adds `ms` to `part` of the post under way (if any). */
export function addTime(part: PostPart, ms: number) {
  const times = parts.getStore();
  if (times) times.set(part, (times.get(part) ?? 0) + ms);
}

/** Runs `work`, adding its time to `part` of the post under way (if any). */
export async function timed<T>(part: PostPart, work: () => Promise<T> | T): Promise<T> {
  const times = parts.getStore();
  if (!times) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    addTime(part, performance.now() - started);
  }
}

/** Runs one post with its parts timed, and answers the Server-Timing header value along with its result. */
export async function withPostTiming<T>(work: () => Promise<T>): Promise<{ result: T; serverTiming: string }> {
  const times = new Map<string, number>();
  const started = performance.now();
  const result = await parts.run(times, work);
  times.set('total', performance.now() - started);
  const serverTiming = [...times].map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`).join(', ');
  return { result, serverTiming };
}
