import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import type mongoose from 'mongoose';
import { isDuplicateKey } from './db';

/** What a window counter keeps: hits since its window opened, and when the window closes. */
export interface WindowCounter {
  _id: string;
  hits?: number;
  /** After this the counter means nothing; a real MongoDB removes it then (TTL index). */
  expiresAt: Date;
}

const ATTEMPTS = 4;

/**
 * express-rate-limit's counters kept in a collection of the service that limits, so every instance of it counts
 * against the same limit. Only `$inc` upserts (`updateOne`), reads by id and plain deletes: each holds on MongoDB and
 * on the in-memory fallback. Each key has its own window, from its first hit, as in express-rate-limit's memory
 * store.
 */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly model: mongoose.Model<WindowCounter>,
    readonly prefix: string,
  ) {}

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  private id(key: string) {
    return `${this.prefix}${key}`;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const doc = await this.model.findById(this.id(key)).lean<WindowCounter>();
    if (!doc || doc.expiresAt.getTime() <= Date.now()) return undefined;
    return { totalHits: doc.hits ?? 0, resetTime: doc.expiresAt };
  }

  async increment(key: string): Promise<IncrementResponse> {
    const _id = this.id(key);
    for (let attempt = 1; ; attempt++) {
      const now = Date.now();
      try {
        // `$inc` adds exactly once per call on both servers; the count is read afterwards, so it includes this hit
        // and every hit counted before it. Of requests racing one key, the one counted past the limit always sees a
        // number past the limit (find-and-modify's answer could repeat a number between callers on the fallback).
        await this.model.updateOne(
          { _id },
          { $inc: { hits: 1 }, $setOnInsert: { expiresAt: new Date(now + this.windowMs) } },
          { upsert: true },
        );
      } catch (err) {
        // Two first hits at once: one insert wins, the other counts on it.
        if (isDuplicateKey(err) && attempt < ATTEMPTS) continue;
        throw err;
      }
      const doc = await this.model.findById(_id).lean<WindowCounter>();
      // Removed by a reset between the two steps: this hit starts a new count.
      if (!doc) {
        if (attempt < ATTEMPTS) continue;
        return { totalHits: 1, resetTime: new Date(now + this.windowMs) };
      }
      const info = { totalHits: doc.hits ?? 1, resetTime: doc.expiresAt };
      if (info.resetTime.getTime() > now || attempt >= ATTEMPTS) return info;
      // The counter's window is over (the database had not removed it yet): start a new one.
      await this.model.deleteOne({ _id, expiresAt: doc.expiresAt });
    }
  }

  async decrement(key: string): Promise<void> {
    await this.model.updateOne({ _id: this.id(key), expiresAt: { $gt: new Date() } }, { $inc: { hits: -1 } });
  }

  async resetKey(key: string): Promise<void> {
    await this.model.deleteOne({ _id: this.id(key) });
  }
}
