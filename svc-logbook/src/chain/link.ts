import { sessionHash } from '@logbook/contracts/hash-chain';
import { nextId } from '@logbook/service-kit/counters';
import { isDuplicateKey } from '@logbook/service-kit/db';
import type { DrivingSessionRecord } from '../sessions/model';
import { addTime, timed } from '../sessions/post-timing';
import { chainTip, ensureChain, hashedContent } from './chain';

/** Where a new session goes in the chain: its id, the hash it follows and its own hash. */
export interface ChainLink {
  id: number;
  previousHash: string;
  hash: string;
}

export interface LinkAttempt<T> {
  /**
   * Store the session on `link`. The store must refuse, with a duplicate-key error, a second session on the same link
   * (the unique index on the link does), which is how a link taken by another instance shows.
   */
  store: (link: ChainLink) => Promise<T>;
  /** After a duplicate key: the session itself, when it is already stored (the same submission arriving twice). */
  alreadyStored: () => Promise<T | null>;
}

/** Sessions logged at once for one student on several instances queue up link by link; this many is far beyond any family's devices. */
const MAX_LINK_ATTEMPTS = 50;

/**
 * Add one session, hashed from `content`, to the end of a student's chain and answer what `attempt.store` answered.
 * Each try reads the tip, takes the next id after it (so the order of the chain is the order of the ids), and stores;
 * a link taken meanwhile sends it after the new tip, after a short random wait. Throws what the store throws, or the
 * duplicate-key error once the tries run out.
 */
export function linkSession<T>(
  studentId: number,
  content: Omit<Partial<DrivingSessionRecord>, '_id'>,
  attempt: LinkAttempt<T>,
): Promise<T> {
  const queued = performance.now();
  return oneAtATime(studentId, async () => {
    addTime('chain-wait', performance.now() - queued);
    for (let tries = 1; ; tries++) {
      // The recorded head is nearly always the tip; when it is not, the link is taken and the next try follows the chain.
      const [previousHash, id] = await timed('chain-read', async () => [
        tries === 1 ? await ensureChain(studentId) : await chainTip(studentId),
        await nextId('driving_sessions'),
      ]);
      const hash = await timed('chain-hash', () => sessionHash(hashedContent({ _id: id, ...content }), previousHash));
      try {
        return await attempt.store({ id, previousHash, hash });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        const existing = await attempt.alreadyStored();
        if (existing) return existing;
        // Otherwise another instance took this link (or this id) first: follow the new tip.
        if (tries >= MAX_LINK_ATTEMPTS) throw err;
        // A little random wait keeps sessions that lost the same link from colliding again at once.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * Math.min(tries, 10)));
      }
    }
  });
}

/**
 * One student's sessions are written one at a time on this instance: linked ones would otherwise race for the same
 * link and retry, and each checks the learner's other entries before it is stored. Other instances are kept in order
 * by the unique index on the link.
 */
const linking = new Map<number, Promise<unknown>>();
export function oneAtATime<T>(studentId: number, work: () => Promise<T>): Promise<T> {
  const before = linking.get(studentId) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  linking.set(studentId, settled);
  void settled.then(() => {
    if (linking.get(studentId) === settled) linking.delete(studentId);
  });
  return run;
}
