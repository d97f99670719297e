import { defineModel, WINDOW_COUNTER_FIELDS, expiresAtIndex } from '@logbook/service-kit/model';

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

export const RateLimitModel = defineModel<RateLimitCounter>(
  'RateLimit',
  'rate_limits',
  { ...WINDOW_COUNTER_FIELDS, failures: Number, lastFailureAt: Date },
  { autoIndex: true, indexes: [expiresAtIndex()] },
);
