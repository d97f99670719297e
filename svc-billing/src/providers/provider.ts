/** What the billing service needs from a payment provider; Stripe and the simulated provider both implement it. */

export interface BillingCustomer {
  userId: number;
  email: string;
  /** The provider's customer id when this account already has one. */
  customerId?: string;
  createdAt?: Date;
}

export interface NewSubscription {
  studentId: number;
  customerId: string;
  /** Same key, same subscription: the provider makes at most one per key. */
  idempotencyKey: string;
  /** Whether to start with the free trial: each student has one, once. */
  trial: boolean;
  coupon?: { code: string; percentOff: number };
}

export interface CreatedSubscription {
  subscriptionId: string;
  /** What the browser confirms: a SetupIntent's secret during a trial, else the first invoice's. */
  clientSecret: string;
  type: 'setup' | 'payment';
  setupIntentId?: string;
  /** The provider's status word, e.g. 'trialing'. */
  status: string;
  /** Whether the subscription began with a free trial. */
  trial: boolean;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'simulated';
  readonly publishableKey?: string;
  /** Whether customer ids are kept on the account (`users.stripeCustomerId`). */
  readonly keepsCustomers: boolean;
  ensureCustomer(customer: BillingCustomer): Promise<string>;
  createSubscription(request: NewSubscription): Promise<CreatedSubscription>;
  /** Ends the subscription now; resolves quietly if the provider no longer has it. */
  cancelSubscription(subscriptionId: string): Promise<void>;
}

/** Delivers a signed provider event to the webhook handler, exactly as the HTTP route would. */
export type DeliverEvent = (payload: string, signatureHeader: string) => Promise<unknown>;
