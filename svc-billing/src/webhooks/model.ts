import { defineModel } from '@logbook/service-kit/model';

/** `dead`: failed every attempt; set aside until an operator retries it. */
type BillingEventState = 'queued' | 'processing' | 'done' | 'dead';

/**
 * Every provider event received, keyed by its id: inserting it first is what makes each event count once. It is the
 * queue too: stored verified, answered at once, then taken by one worker at a time under a lease.
 */
export interface BillingEvent {
  _id: string;
  type: string;
  created: Date;
  receivedAt: Date;
  outcome: string;
  /** The id of the object the event is about: all that is used of its payload (the object is read back). */
  objectId?: string | null;
  state?: BillingEventState;
  /** A worker holds the event until then; past it (the worker died) another takes it again. */
  leaseUntil?: Date | null;
  attempts?: number;
  nextAttemptAt?: Date;
  /** The last failure's message (a dead event's is what the operator reads). */
  lastError?: string;
  /** The API version the payload was rendered in (the endpoint's): any but the service's own is logged loudly. */
  apiVersion?: string | null;
}

export const BillingEventModel = defineModel<BillingEvent>('BillingEvent', 'billing_events', {
  _id: String,
  type: { type: String, required: true },
  created: { type: Date, required: true },
  receivedAt: { type: Date, required: true },
  outcome: { type: String, required: true },
  apiVersion: String,
  objectId: String,
  state: { type: String, enum: ['queued', 'processing', 'done', 'dead'] },
  leaseUntil: Date,
  attempts: Number,
  nextAttemptAt: Date,
  lastError: String,
});
