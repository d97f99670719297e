import type { Request, RequestHandler, Response } from 'express';
import { tooMany } from '@logbook/service-kit/errors';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { updateIfMatches } from '@logbook/service-kit/guarded';
import { accountLockId, type LimitedName } from './keys';
import { RateLimitModel } from './model';

export interface AccountLockOptions {
  /** Failures are forgotten after this long without one. */
  windowMs: number;
  /** Failures allowed for one account from one address before each further attempt must wait. */
  maxFailures: number;
  /** The first wait; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface SignInLockOptions extends AccountLockOptions {
  /** What the account is named by, so parent and student sign-in count apart. */
  kind: LimitedName;
  /** The account a request names, or undefined when it names none (validation refuses it later). */
  account: (req: Request) => string | undefined;
}

const COUNTER = 'signInCounter';

/** How long after the last failure the next attempt must wait, once `failures` have been made. */
export function lockDelay(failures: number, o: Pick<AccountLockOptions, 'maxFailures' | 'baseDelayMs' | 'maxDelayMs'>) {
  if (failures < o.maxFailures) return 0;
  return Math.min(o.baseDelayMs * 2 ** Math.min(failures - o.maxFailures, 30), o.maxDelayMs);
}

/** Parallel attempts on one counter each take a turn; past this many turns the attempt is refused uncounted. */
const MAX_COUNT_TURNS = 16;

/**
 * Counts this attempt as a failure until it succeeds; answers with the counter as it was just before (null when
 * there was none), or `'busy'` when too many attempts at once kept taking the turn. Read, then write only if the
 * counter is still what was read (an updateOne guarded on it, or an insert under the unique _id): find-and-modify's
 * "document before" is not that on the in-memory fallback, and parallel guesses would all see the same count.
 */
async function countAttempt(_id: string, now: number, o: AccountLockOptions) {
  const counted = { lastFailureAt: new Date(now), expiresAt: new Date(now + o.windowMs + o.maxDelayMs) };
  for (let turn = 1; turn <= MAX_COUNT_TURNS; turn++) {
    const before = await RateLimitModel.findById(_id).select({ failures: 1, lastFailureAt: 1 }).lean();
    try {
      if (!before) {
        await RateLimitModel.create({ _id, failures: 1, ...counted });
        return null;
      }
      const unchanged = { _id, failures: before.failures ?? null, lastFailureAt: before.lastFailureAt ?? null };
      if (await updateIfMatches(RateLimitModel, unchanged, { $inc: { failures: 1 }, $set: counted })) return before;
    } catch (err) {
      // Two first failures at once: one insert wins, the other counts on it.
      if (!isDuplicateKey(err)) throw err;
    }
  }
  return 'busy' as const;
}

/**
 * Counts one attempt on the failure counter of `account` from the request's address before the password is checked,
 * so parallel guesses cannot slip past the count, and keeps the counter's id to clear on success; refused with 429 and
 * Retry-After while locked out. Past the allowance every attempt (refused ones too) doubles the wait. A password typed
 * again by someone already signed in (to change it, or to close the account) counts here too, like a sign-in to that
 * account from that address; a right password clears the count like a sign-in (`signInSucceeded`).
 */
export async function countSignInAttempt(
  req: Request,
  res: Response,
  o: AccountLockOptions & { kind: LimitedName; account: string },
): Promise<string> {
  const _id = accountLockId(o.kind, o.account, req.ip);
  const now = Date.now();
  const before = await countAttempt(_id, now, o);
  if (before === 'busy') throw tooMany(Math.ceil(o.baseDelayMs / 1000));
  let failures = before?.failures ?? 0;
  const last = before?.lastFailureAt?.getTime() ?? 0;
  if (failures > 0 && now - last >= Math.max(o.windowMs, lockDelay(failures, o))) {
    // Quiet for a whole window: the earlier failures no longer count.
    await RateLimitModel.updateOne({ _id }, { $inc: { failures: -failures } });
    failures = 0;
  }
  if (now < last + lockDelay(failures, o)) throw tooMany(Math.ceil(lockDelay(failures + 1, o) / 1000));
  res.locals[COUNTER] = _id;
  return _id;
}

/**
 * Failed sign-ins are counted per account and address together, so a stranger's guesses lock out only the stranger:
 * the owner signing in from anywhere else is not held up. Past the allowance every attempt (refused ones too) doubles
 * the wait, which Retry-After states. A successful sign-in clears the count (`signInSucceeded`).
 */
export function accountLock(o: SignInLockOptions): RequestHandler {
  return async (req, res, next) => {
    const account = o.account(req);
    if (account === undefined) return next();
    const counter = await countSignInAttempt(req, res, { ...o, account });
    // Refused for load (503), the credentials were never checked: the attempt is not a failure.
    res.once('finish', () => {
      if (res.statusCode === 503) void uncount(counter);
    });
    next();
  };
}

/** Takes back one counted attempt whose credentials were never checked. */
async function uncount(_id: string): Promise<void> {
  await RateLimitModel.updateOne({ _id, failures: { $gt: 0 } }, { $inc: { failures: -1 } }).catch(() => undefined);
}

/** The credentials were right: this account's failures from this address are forgotten. */
export async function signInSucceeded(res: Response): Promise<void> {
  const _id = res.locals[COUNTER] as string | undefined;
  if (_id) await RateLimitModel.deleteOne({ _id });
}
