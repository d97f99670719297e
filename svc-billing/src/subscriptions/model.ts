import { Schema } from 'mongoose';
import { defineModel } from '@logbook/service-kit/model';

/**
 * Billing's record of one student's subscription: the state the provider's events leave, owned and written here
 * alone. Readers (svc-students, svc-logbook) learn of every change through this service's `subscription` events.
 * Students of accounts billed before this collection existed are adopted from svc-students' internal API on first use.
 */
export interface StudentBilling {
  _id: number;
  userId: number;
  subscriptionStatus?: string;
  stripeSubscriptionId?: string;
  subscriptionTrialEnd?: Date | null;
  subscriptionCurrentPeriodEnd?: Date | null;
  subscriptionCancelAtPeriodEnd?: boolean;
  /** The provider's own status word (trialing, paused, unpaid...), as last read back from the provider. */
  providerStatus?: string | null;
  /** The latest invoice's payment waits for the card holder's authentication (3-D Secure). */
  paymentActionRequired?: boolean;
  /** Why the provider paused the subscription (a trial with no card, or a failed payment); null when not paused. */
  pauseCause?: string | null;
  /** While past due: when logging stops waiting for Stripe's retries (the period's start and the grace days). */
  graceEndsAt?: Date | null;
  /**
   * Stripe's time (its clock, the same for every replica) of what the state last written reflects: the event whose
   * read-back it is, or a change made here (a cancel, a cancel at the period's end, Resume). A read-back for an older
   * event is not written over it.
   */
  subscriptionEventAt?: Date;
  /** Raised with every change: the version readers keep, so a late event never takes them back. */
  version?: number;
}

export const StudentBillingModel = defineModel<StudentBilling>('StudentBilling', 'student_subscriptions', {
  _id: Number,
  userId: { type: Number, required: true },
  subscriptionStatus: String,
  stripeSubscriptionId: String,
  subscriptionTrialEnd: Date,
  subscriptionCurrentPeriodEnd: Date,
  subscriptionCancelAtPeriodEnd: Boolean,
  providerStatus: String,
  paymentActionRequired: Boolean,
  pauseCause: String,
  graceEndsAt: Date,
  subscriptionEventAt: Date,
  version: Number,
});

/** The payment provider's customer for one parent account (one per account, made on its first subscription). */
export interface BillingCustomer {
  _id: number;
  stripeCustomerId: string;
  createdAt: Date;
  /** Stripe told of this customer's deletion (`customer.deleted`): the next subscription makes a new one. */
  deletedAt?: Date | null;
}

export const BillingCustomerModel = defineModel<BillingCustomer>('BillingCustomer', 'billing_customers', {
  _id: Number,
  stripeCustomerId: { type: String, required: true },
  createdAt: Date,
  deletedAt: Date,
});

/**
 * A chargeback on one of the family's payments, until it is won: the family is flagged (no new subscription starts)
 * while one is kept. Kept past the account's closure, by the family's mailbox too, so an account opened again at the
 * same address is flagged.
 */
export interface Chargeback {
  /** Stripe's dispute id. */
  _id: string;
  /** The parent account (not `userId`: what is kept by account goes with it, and this outlives it). */
  accountId: number;
  /** `mailboxKey` of the account's address. */
  family?: string;
  customerId: string;
  /** The subscription whose payment is disputed (canceled when the chargeback came). */
  subscriptionId?: string;
  flaggedAt: Date;
}

export const ChargebackModel = defineModel<Chargeback>('Chargeback', 'billing_disputed_accounts', {
  _id: String,
  accountId: { type: Number, required: true, index: true },
  family: { type: String, index: true },
  customerId: String,
  subscriptionId: String,
  flaggedAt: Date,
});

/**
 * A student svc-students is removing (`until`: no subscription starts for them until then) or has removed (`until`
 * null, for good: student ids are never given again). Written before the removal looks for a subscription being made,
 * as a subscribe writes its attempt before looking for this: whichever comes second sees the other.
 */
export interface StudentRemoval {
  _id: number;
  until: Date | null;
}

export const StudentRemovalModel = defineModel<StudentRemoval>('StudentRemoval', 'billing_student_removals', {
  _id: Number,
  until: Date,
});

type SubscriptionRecordState = 'creating' | 'created' | 'failed';

/**
 * One per student while a subscription is being made or exists: inserting it (the student id is the key) is what
 * makes two concurrent requests create one provider subscription.
 */
export interface SubscriptionRecord {
  _id: number;
  userId: number;
  state: SubscriptionRecordState;
  /** Idempotency key of the provider call; kept after a failure whose outcome is unknown (a time-out). */
  attemptKey: string;
  startedAt: Date;
  outcomeUnknown?: boolean;
  /** The unknown outcome was a server error, whose answer Stripe replays for the same key: the retry needs a new one. */
  serverError?: boolean;
  /** This attempt first looks for a subscription an earlier attempt may have made. */
  lookFirst?: boolean;
  couponCode?: string | null;
  /**
   * The coupon use this attempt holds (counted when the attempt began). Given back when the provider refused; kept
   * when the outcome is unknown (Stripe may have applied it), for the retry that finds what Stripe made.
   */
  couponUse?: { code: string; discountPercent: number; slotId?: string } | null;
  /** Whether this attempt asks for the free trial; kept with the key so a retry asks for the same thing. */
  trial?: boolean;
  /** What the free month is remembered by once the provider has begun it (see FreeMonthModel). */
  freeMonthKey?: string;
  subscriptionId?: string;
  clientSecret?: string;
  type?: 'setup' | 'payment';
  setupIntentId?: string;
  customerId?: string;
  /** The provider's own status word (trialing, active...), needed to judge a later setup_intent.succeeded. */
  providerStatus?: string;
  paymentMethodSaved?: boolean;
  updatedAt: Date;
}

export const SubscriptionRecordModel = defineModel<SubscriptionRecord>(
  'SubscriptionRecord',
  'subscription_records',
  {
    _id: Number,
    userId: { type: Number, required: true },
    state: { type: String, required: true, enum: ['creating', 'created', 'failed'] },
    attemptKey: { type: String, required: true },
    startedAt: { type: Date, required: true },
    outcomeUnknown: Boolean,
    serverError: Boolean,
    lookFirst: Boolean,
    couponCode: String,
    couponUse: { type: new Schema({ code: String, discountPercent: Number, slotId: String }, { _id: false }) },
    trial: Boolean,
    freeMonthKey: String,
    subscriptionId: String,
    clientSecret: String,
    type: String,
    setupIntentId: String,
    customerId: String,
    providerStatus: String,
    paymentMethodSaved: Boolean,
    updatedAt: { type: Date, default: () => new Date() },
  },
  // Model.init() builds indexes only when autoIndex is on, and the connection turns it off.
  {
    autoIndex: true,
    indexes: [
      [{ subscriptionId: 1 }, { unique: true, sparse: true }],
      [{ setupIntentId: 1 }, { unique: true, sparse: true }],
    ],
  },
);

/**
 * One per student who has had the free trial, written when the provider starts a subscription with one. Nothing
 * deletes it (a canceled subscription's record goes, this stays): each student has one free month, once.
 */
export interface StudentTrial {
  _id: number;
  userId: number;
  subscriptionId: string;
  startedAt: Date;
}

export const StudentTrialModel = defineModel<StudentTrial>('StudentTrial', 'student_trials', {
  _id: Number,
  userId: { type: Number, required: true },
  subscriptionId: { type: String, required: true },
  startedAt: { type: Date, required: true },
});

/**
 * One per free month a family has had for a student, by the SHA-256 of the family's mailbox and the student's
 * normalised name and date of birth (svc-students hashes those: the name and birthday never reach billing). Unlike
 * StudentTrial it outlives the student's removal and the account's closure (it names no account), so the same
 * student removed and added again, or added again under a new account at the same address, has no second free month.
 */
export interface FreeMonth {
  _id: string;
  startedAt: Date;
}

export const FreeMonthModel = defineModel<FreeMonth>('FreeMonth', 'free_months', {
  _id: String,
  startedAt: { type: Date, required: true },
});
