import mongoose, { Schema } from 'mongoose';

/**
 * One counter of sign-in or registration attempts, shared by every svc-auth instance: a window count (`hits`) for the
 * per-address limits, or a failure count (`failures`, `lastFailureAt`) for one account from one address.
 */
export interface RateLimitCounter {
  _id: string;
  hits?: number;
  failures?: number;
  lastFailureAt?: Date;
  /** After this nothing about the counter matters any more; a real MongoDB removes it then (TTL index). */
  expiresAt: Date;
}

const counterSchema = new Schema<RateLimitCounter>(
  {
    _id: String,
    hits: Number,
    failures: Number,
    lastFailureAt: Date,
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, autoIndex: true },
);
counterSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const RateLimitModel: mongoose.Model<RateLimitCounter> =
  (mongoose.models.RateLimit as mongoose.Model<RateLimitCounter>) ??
  mongoose.model<RateLimitCounter>('RateLimit', counterSchema, 'rate_limits');
