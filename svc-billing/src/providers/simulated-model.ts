import { defineModel } from '@logbook/service-kit/model';

/** The simulated provider's own subscriptions (its stand-in for Stripe's records), kept so a restart keeps them. */
export interface SimulatedSubscription {
  _id: string;
  studentId: number;
  customerId: string;
  idempotencyKey: string;
  status: string;
  /** During a trial the card is saved through a SetupIntent; without one the first invoice's payment is confirmed. */
  setupIntentId?: string | null;
  paymentIntentId?: string | null;
  clientSecret: string;
  paymentMethodId?: string | null;
  percentOff?: number | null;
  couponCode?: string | null;
  trialEnd?: number | null;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  created: number;
  canceledAt?: number | null;
  /** The secret that pays the open renewal invoice of a past-due subscription (its stand-in confirmPayment). */
  renewalSecret?: string | null;
  /** Ends when the current period ends (the parent's cancel); taken back by resuming. */
  cancelAtPeriodEnd?: boolean | null;
  /** A new card's SetupIntent and its secret, while the parent changes the card. */
  cardChangeIntentId?: string | null;
  cardChangeSecret?: string | null;
  /** The invoices issued so far, newest last (their events name them; the webhook handler reads them back). */
  invoices?: Array<{ id: string; reason: string; status: string }>;
}

export const SimulatedSubscriptionModel = defineModel<SimulatedSubscription>(
  'SimulatedSubscription',
  'simulated_subscriptions',
  {
    _id: String,
    studentId: { type: Number, required: true },
    customerId: { type: String, required: true },
    idempotencyKey: { type: String, required: true, unique: true },
    status: { type: String, required: true },
    setupIntentId: String,
    paymentIntentId: String,
    clientSecret: { type: String, required: true, unique: true },
    paymentMethodId: String,
    percentOff: Number,
    couponCode: String,
    trialEnd: Number,
    currentPeriodStart: Number,
    currentPeriodEnd: Number,
    created: Number,
    canceledAt: Number,
    renewalSecret: String,
    cancelAtPeriodEnd: Boolean,
    cardChangeIntentId: String,
    cardChangeSecret: String,
    invoices: { type: [{ _id: false, id: String, reason: String, status: String }], default: undefined },
  },
  // Model.init() builds indexes only when autoIndex is on, and the connection turns it off.
  { autoIndex: true },
);
