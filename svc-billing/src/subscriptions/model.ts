import mongoose, { Schema } from 'mongoose';

/**
 * The billing view of a student. svc-students owns the collection; this service reads the owner and name and is the
 * only writer of the subscription fields below, always with `updateOne` + `$set` on those fields alone.
 */
export interface StudentBilling {
  _id: number;
  userId: number;
  firstName: string;
  lastName: string;
  subscriptionStatus?: string;
  stripeSubscriptionId?: string;
  subscriptionTrialEnd?: Date | null;
  subscriptionCurrentPeriodEnd?: Date | null;
  subscriptionCancelAtPeriodEnd?: boolean;
  /** `created` of the last provider event applied: anything older arrived out of order and is ignored. */
  subscriptionEventAt?: Date;
}

export const StudentBillingModel: mongoose.Model<StudentBilling> =
  (mongoose.models.StudentBilling as mongoose.Model<StudentBilling>) ??
  mongoose.model<StudentBilling>(
    'StudentBilling',
    new Schema<StudentBilling>(
      {
        _id: Number,
        userId: Number,
        firstName: String,
        lastName: String,
        subscriptionStatus: String,
        stripeSubscriptionId: String,
        subscriptionTrialEnd: Date,
        subscriptionCurrentPeriodEnd: Date,
        subscriptionCancelAtPeriodEnd: Boolean,
        subscriptionEventAt: Date,
      },
      { versionKey: false, strict: true, autoCreate: false, autoIndex: false },
    ),
    'students',
  );

/** The billing view of a parent account (svc-auth owns it; this service writes `stripeCustomerId` only). */
export interface UserBilling {
  _id: number;
  email: string;
  stripeCustomerId?: string;
  createdAt?: Date;
}

export const UserBillingModel: mongoose.Model<UserBilling> =
  (mongoose.models.UserBilling as mongoose.Model<UserBilling>) ??
  mongoose.model<UserBilling>(
    'UserBilling',
    new Schema<UserBilling>(
      { _id: Number, email: String, stripeCustomerId: String, createdAt: Date },
      { versionKey: false, strict: true, autoCreate: false, autoIndex: false },
    ),
    'users',
  );

export type SubscriptionRecordState = 'creating' | 'created' | 'failed';

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
  couponCode?: string | null;
  /** Whether this attempt asks for the free trial; kept with the key so a retry asks for the same thing. */
  trial?: boolean;
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

const subscriptionRecordSchema = new Schema<SubscriptionRecord>(
  {
    _id: Number,
    userId: { type: Number, required: true },
    state: { type: String, required: true, enum: ['creating', 'created', 'failed'] },
    attemptKey: { type: String, required: true },
    startedAt: { type: Date, required: true },
    outcomeUnknown: Boolean,
    couponCode: String,
    trial: Boolean,
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
  { versionKey: false, strict: true, autoIndex: true },
);
subscriptionRecordSchema.index({ subscriptionId: 1 }, { unique: true, sparse: true });
subscriptionRecordSchema.index({ setupIntentId: 1 }, { unique: true, sparse: true });

export const SubscriptionRecordModel: mongoose.Model<SubscriptionRecord> =
  (mongoose.models.SubscriptionRecord as mongoose.Model<SubscriptionRecord>) ??
  mongoose.model<SubscriptionRecord>('SubscriptionRecord', subscriptionRecordSchema, 'subscription_records');

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

export const StudentTrialModel: mongoose.Model<StudentTrial> =
  (mongoose.models.StudentTrial as mongoose.Model<StudentTrial>) ??
  mongoose.model<StudentTrial>(
    'StudentTrial',
    new Schema<StudentTrial>(
      {
        _id: Number,
        userId: { type: Number, required: true },
        subscriptionId: { type: String, required: true },
        startedAt: { type: Date, required: true },
      },
      { versionKey: false, strict: true },
    ),
    'student_trials',
  );
