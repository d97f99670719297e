/** What the billing service needs from a payment provider; Stripe and the simulated provider both implement it. */

export interface BillingCustomer {
  userId: number;
  email: string;
  createdAt?: Date;
  /** A customer of this account the provider no longer has (deleted in its dashboard): its replacement is new. */
  replacing?: string;
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
  /**
   * What the browser confirms: a SetupIntent's secret during a trial, else the first invoice's; null when the provider
   * needs nothing more (a card already on file, or nothing to pay).
   */
  clientSecret: string | null;
  type: 'setup' | 'payment' | 'none';
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
  /** Deletes the account's customer (its email, metadata and saved cards); quiet when the provider has none. */
  deleteCustomer(customerId: string): Promise<void>;
  createSubscription(request: NewSubscription): Promise<CreatedSubscription>;
  /**
   * Ends the subscription now (and its pending SetupIntent); resolves quietly if the provider no longer has it. Answers
   * the provider's own time of the cancel (null when it had ended already).
   */
  cancelSubscription(subscriptionId: string, setupIntentId?: string): Promise<Date | null>;
  /**
   * A subscription the provider already made for this student and customer that has not ended, as made; used when an
   * earlier attempt's outcome is unknown. Null when there is none.
   */
  findSubscription(customerId: string, studentId: number): Promise<CreatedSubscription | null>;
  /**
   * A subscription as made, with what the browser must confirm for it (its pending SetupIntent's or open first
   * invoice's secret); null when the provider has no such subscription.
   */
  readCreated(subscriptionId: string): Promise<CreatedSubscription | null>;
  /** The subscription as the provider has it now; null when the provider has no such subscription. */
  readSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** An invoice as the provider has it now; null when it has none. */
  readInvoice(invoiceId: string): Promise<ProviderInvoice | null>;
  /**
   * A trial's SetupIntent has succeeded: its card is made the subscription's default payment method, so the renewal
   * after the free month charges it (a SetupIntent's success sets no default by itself). False when it has not
   * succeeded.
   */
  keepTrialCard(setupIntentId: string, subscriptionId: string): Promise<boolean>;
  /** The secret the browser confirms to pay the subscription's oldest invoice still owed, or null when nothing is. */
  paymentSecret(subscriptionId: string): Promise<string | null>;
  /**
   * Ends the subscription when its paid period (or trial) ends, or takes that back (`end` false): the parent's own
   * cancel, which keeps what was paid for. Answers the provider's own time of the change.
   */
  endAtPeriodEnd(subscriptionId: string, end: boolean): Promise<Date>;
  /** A SetupIntent that saves a new card for this subscription: its secret is confirmed by the browser. */
  startCardChange(subscriptionId: string, studentId: number): Promise<CardChange>;
  /**
   * Makes the card a succeeded card-change SetupIntent saved the subscription's default; answers the subscription it
   * was for, or null when the SetupIntent is not a card change or has not succeeded.
   */
  useChangedCard(setupIntentId: string): Promise<string | null>;
  /** A dispute as read back: null when the provider has no such dispute. */
  readDispute(disputeId: string): Promise<ProviderDispute | null>;
  /** Whether the provider has deleted this customer (read back: a deleted one answers as deleted, or not at all). */
  customerDeleted(customerId: string): Promise<boolean>;
}

export interface CardChange {
  setupIntentId: string;
  clientSecret: string;
}

/** A subscription as read back from the provider: the only source the webhook handler acts on. */
export interface ProviderSubscription {
  id: string;
  /** The provider's status word: trialing, active, incomplete, past_due, unpaid, paused, canceled... */
  status: string;
  studentId?: number;
  /** The provider's customer the subscription bills. */
  customerId?: string;
  trialEnd: number | null;
  /** When the current period began (a renewal's first try): the grace for a failed one is counted from it. */
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** A card is saved for the subscription, or nothing is waiting to be set up. */
  paymentMethodSaved: boolean;
  /** The latest invoice is open and its payment waits for the card holder (3-D Secure). */
  paymentActionRequired: boolean;
  /** Why a paused subscription was paused (Stripe's `status_details.paused.subscription.type`); null otherwise. */
  pauseCause: string | null;
}

/** A payment the card holder disputed with their bank, as read back from the provider. */
export interface ProviderDispute {
  id: string;
  /**
   * Stripe's dispute status: an inquiry (`warning_*`) or a `prevented` one moves no money; a chargeback is
   * `needs_response` or `under_review` while open, then `won` or `lost`.
   */
  status: string;
  /** The customer the payment was taken from. */
  customerId: string | null;
  /** The subscription whose invoice the payment paid. */
  subscriptionId: string | null;
}

export interface ProviderInvoice {
  id: string;
  subscriptionId?: string;
  billingReason: string | null;
  status: string | null;
  /** The payment waits for the card holder's authentication. */
  actionRequired: boolean;
}

/** Delivers a signed provider event to the webhook handler, exactly as the HTTP route would. */
export type DeliverEvent = (payload: string, signatureHeader: string) => Promise<unknown>;
