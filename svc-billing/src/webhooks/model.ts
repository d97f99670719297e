import mongoose, { Schema } from 'mongoose';

/** Every provider event received, keyed by its id: inserting it first is what makes each event count once. */
export interface BillingEvent {
  _id: string;
  type: string;
  created: Date;
  receivedAt: Date;
  outcome: string;
  /** The API version the payload was rendered in (the endpoint's): any but the service's own is logged loudly. */
  apiVersion?: string | null;
}

export const BillingEventModel: mongoose.Model<BillingEvent> =
  (mongoose.models.BillingEvent as mongoose.Model<BillingEvent>) ??
  mongoose.model<BillingEvent>(
    'BillingEvent',
    new Schema<BillingEvent>(
      {
        _id: String,
        type: { type: String, required: true },
        created: { type: Date, required: true },
        receivedAt: { type: Date, required: true },
        outcome: { type: String, required: true },
        apiVersion: String,
      },
      { versionKey: false, strict: true },
    ),
    'billing_events',
  );
