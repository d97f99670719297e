import Stripe from 'stripe';
import { PRICE_CENTS, PRICE_CURRENCY, PRICE_LOOKUP_KEY, PRODUCT_NAME, TRIAL_DAYS } from '@logbook/contracts/constants';
import { logger } from '@logbook/service-kit/logger';
import { eventTimeNow } from '../subscriptions/status';
import { isMissingAtProvider, PriceRefused, unlessMissing } from './errors';
import type {
  BillingCustomer,
  CardChange,
  CreatedSubscription,
  NewSubscription,
  PaymentProvider,
  ProviderDispute,
  ProviderInvoice,
  ProviderSubscription,
} from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey?: string;
  /** A configured price; without it the monthly price is found (or made once) by its lookup key. */
  priceId?: string;
  /** A configured GST rate; without it an inclusive 10% GST rate is found (or made once). */
  taxRateId?: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly keepsCustomers = true;
  readonly publishableKey?: string;
  private readonly stripe: Stripe;
  private price?: Promise<string>;
  private taxRate?: Promise<string>;

  constructor(private readonly options: StripeProviderOptions) {
    this.publishableKey = options.publishableKey;
    this.stripe = new Stripe(options.secretKey, {
      apiVersion: Stripe.API_VERSION,
      maxNetworkRetries: options.maxNetworkRetries ?? 1,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'learner-logbook-billing' },
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
  }

  async ensureCustomer(customer: BillingCustomer): Promise<string> {
    const created = await this.stripe.customers.create(
      { email: customer.email, metadata: { userId: String(customer.userId) } },
      // One account, one customer, even when two of its students subscribe at the same moment; a replacement for a
      // deleted customer has a key of its own, or Stripe would replay the deleted one.
      {
        idempotencyKey: `customer-${customer.userId}-${customer.createdAt?.getTime() ?? 0}${
          customer.replacing ? `-after-${customer.replacing}` : ''
        }`,
      },
    );
    return created.id;
  }

  async deleteCustomer(customerId: string): Promise<void> {
    try {
      await this.stripe.customers.del(customerId);
    } catch (err) {
      if (!isMissingAtProvider(err)) throw err;
    }
  }

  /** Finds (or makes) the monthly price and the GST rate and checks them; rejects with PriceRefused when wrong. */
  async checkPrice(): Promise<void> {
    await Promise.all([this.priceId(), this.gstRateId()]);
  }

  private priceId(): Promise<string> {
    this.price ??= this.findOrCreatePrice().catch((err) => {
      this.price = undefined;
      throw err;
    });
    return this.price;
  }

  private gstRateId(): Promise<string> {
    this.taxRate ??= this.findOrCreateGstRate().catch((err) => {
      this.taxRate = undefined;
      throw err;
    });
    return this.taxRate;
  }

  /**
   * The GST included in the price, attached to every subscription so each invoice shows its GST part. A configured
   * rate is checked; else the product's own (found by its metadata, or made once).
   */
  private async findOrCreateGstRate(): Promise<string> {
    if (this.options.taxRateId) return checkedGstRate(await this.stripe.taxRates.retrieve(this.options.taxRateId));
    for await (const rate of this.stripe.taxRates.list({ active: true, inclusive: true, limit: 100 }))
      if (rate.metadata?.purpose === GST_RATE.metadata.purpose) return checkedGstRate(rate);
    const rate = await this.stripe.taxRates.create(GST_RATE, { idempotencyKey: 'tax-rate-gst-au-10' });
    logger.info({ taxRate: rate.id }, 'created the GST rate');
    return rate.id;
  }

  private async findOrCreatePrice(): Promise<string> {
    if (this.options.priceId) return checkedPrice(await this.stripe.prices.retrieve(this.options.priceId));
    // Active or archived: a lookup key stays on an archived price until another price takes it over.
    const found = await this.stripe.prices.list({ lookup_keys: [PRICE_LOOKUP_KEY], limit: 1 });
    const holder = found.data[0];
    if (holder?.active) return checkedPrice(holder);
    const price = await this.stripe.prices.create(
      {
        currency: PRICE_CURRENCY.toLowerCase(),
        unit_amount: PRICE_CENTS,
        recurring: { interval: 'month' },
        tax_behavior: 'inclusive',
        lookup_key: PRICE_LOOKUP_KEY,
        // An archived price keeps its lookup key: take it over rather than fail.
        transfer_lookup_key: true,
        product_data: { name: `${PRODUCT_NAME} monthly subscription` },
      },
      // Two processes making it at once make one; after an archive the key differs, so the archived one is not replayed.
      { idempotencyKey: `price-${PRICE_LOOKUP_KEY}-after-${holder?.id ?? 'none'}` },
    );
    logger.info({ price: price.id }, 'created the monthly price');
    return price.id;
  }

  private async couponId(code: string, percentOff: number): Promise<string> {
    const id = `logbook-${code}-${percentOff}`;
    try {
      await this.stripe.coupons.retrieve(id);
      return id;
    } catch (err) {
      if (!isMissingAtProvider(err)) throw err;
    }
    await this.stripe.coupons.create(
      { id, percent_off: percentOff, duration: 'forever', name: `${code} (${percentOff}% off)` },
      { idempotencyKey: `coupon-${id}` },
    );
    return id;
  }

  async createSubscription(request: NewSubscription): Promise<CreatedSubscription> {
    try {
      return await this.subscribe(request, await this.priceId());
    } catch (err) {
      // The price found earlier was archived since (Stripe refuses an inactive price): find the current one once more.
      if (!isRefusedPrice(err)) throw err;
      this.price = undefined;
      return this.subscribe(request, await this.priceId());
    }
  }

  private async subscribe(request: NewSubscription, price: string): Promise<CreatedSubscription> {
    const coupon = request.coupon ? await this.couponId(request.coupon.code, request.coupon.percentOff) : undefined;
    const subscription = await this.stripe.subscriptions.create(
      {
        customer: request.customerId,
        items: [{ price }],
        default_tax_rates: [await this.gstRateId()],
        // No card by the trial's end, no subscription: Stripe cancels it rather than invoice a card that is not there.
        ...(request.trial
          ? { trial_period_days: TRIAL_DAYS, trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } }
          : {}),
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        expand: CREATED_EXPAND,
        metadata: { studentId: String(request.studentId) },
        ...(coupon ? { discounts: [{ coupon }] } : {}),
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return asCreated(subscription);
  }

  async findSubscription(customerId: string, studentId: number): Promise<CreatedSubscription | null> {
    // A list, not a search: Stripe's search may lag behind a subscription just made. Every page is read (newest
    // first): a family with many subscriptions has the student's beyond the first hundred.
    const pages = this.stripe.subscriptions.list({
      customer: customerId,
      status: 'all',
      limit: 100,
      expand: CREATED_EXPAND.map((path) => `data.${path}`),
    });
    let found: Stripe.Subscription | undefined;
    for await (const s of pages) {
      if (s.metadata?.studentId !== String(studentId) || ENDED.has(s.status)) continue;
      if (!found || s.created > found.created) found = s;
    }
    return found ? asCreated(found) : null;
  }

  async readCreated(subscriptionId: string): Promise<CreatedSubscription | null> {
    const subscription = await unlessMissing(() =>
      this.stripe.subscriptions.retrieve(subscriptionId, { expand: CREATED_EXPAND }),
    );
    return subscription ? asCreated(subscription) : null;
  }

  async cancelSubscription(subscriptionId: string, setupIntentId?: string): Promise<Date | null> {
    let pending = setupIntentId;
    let at: Date | null = null;
    try {
      const canceled = await this.stripe.subscriptions.cancel(subscriptionId);
      pending = idOf(canceled.pending_setup_intent) ?? pending;
      at = stripeTime(canceled);
    } catch (err) {
      if (!isMissingAtProvider(err) && !alreadyCanceled(err)) throw err;
    }
    if (!pending) return at;
    // The card form of a canceled subscription must not be usable any more.
    try {
      await this.stripe.setupIntents.cancel(pending);
    } catch (err) {
      if (isMissingAtProvider(err) || isUnexpectedState(err)) return at;
      logger.warn({ err, setupIntent: pending }, 'could not cancel the pending SetupIntent');
    }
    return at;
  }

  async readSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const subscription = await unlessMissing(() =>
      this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.payments'] }),
    );
    if (!subscription) return null;
    const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    const studentId = Number(subscription.metadata?.studentId);
    return {
      id: subscription.id,
      status: subscription.status,
      ...(Number.isSafeInteger(studentId) && studentId > 0 ? { studentId } : {}),
      ...(idOf(subscription.customer) ? { customerId: idOf(subscription.customer) } : {}),
      trialEnd: subscription.trial_end ?? null,
      currentPeriodStart: subscription.items?.data?.[0]?.current_period_start ?? null,
      currentPeriodEnd: subscription.items?.data?.[0]?.current_period_end ?? null,
      cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
      paymentMethodSaved: Boolean(subscription.default_payment_method) || subscription.pending_setup_intent === null,
      paymentActionRequired: invoice ? await this.invoiceNeedsAction(invoice) : false,
      pauseCause:
        subscription.status === 'paused' ? (subscription.status_details?.paused?.subscription?.type ?? null) : null,
    };
  }

  async readInvoice(invoiceId: string): Promise<ProviderInvoice | null> {
    const invoice = await unlessMissing(() => this.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }));
    if (!invoice) return null;
    return {
      id: invoice.id!,
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      billingReason: invoice.billing_reason ?? null,
      status: invoice.status ?? null,
      actionRequired: await this.invoiceNeedsAction(invoice),
    };
  }

  async keepTrialCard(setupIntentId: string, subscriptionId: string): Promise<boolean> {
    const intent = await unlessMissing(() => this.stripe.setupIntents.retrieve(setupIntentId));
    return intent ? this.makeDefaultCard(intent, subscriptionId) : false;
  }

  /** The card a succeeded SetupIntent saved becomes the subscription's default; false when there is nothing to make so. */
  private async makeDefaultCard(intent: Stripe.SetupIntent, subscriptionId: string): Promise<boolean> {
    const card = idOf(intent.payment_method);
    if (intent.status !== 'succeeded' || !card) return false;
    const updated = await unlessMissing(() =>
      this.stripe.subscriptions.update(subscriptionId, { default_payment_method: card }),
    );
    return Boolean(updated);
  }

  async paymentSecret(subscriptionId: string): Promise<string | null> {
    // The oldest bill still owed is paid first. An unpaid subscription's invoice may have been marked uncollectible:
    // Stripe still takes payment for it.
    let oldest: Stripe.Invoice | undefined;
    for await (const invoice of this.stripe.invoices.list({ subscription: subscriptionId, limit: 100 }))
      if (
        (invoice.status === 'open' || invoice.status === 'uncollectible') &&
        !(oldest && oldest.created < invoice.created)
      )
        oldest = invoice;
    if (!oldest?.id) return null;
    const owed = await this.stripe.invoices.retrieve(oldest.id, { expand: ['confirmation_secret'] });
    return owed.confirmation_secret?.client_secret ?? null;
  }

  async endAtPeriodEnd(subscriptionId: string, end: boolean): Promise<Date> {
    return stripeTime(await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: end }));
  }

  async startCardChange(subscriptionId: string, studentId: number): Promise<CardChange> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const intent = await this.stripe.setupIntents.create({
      customer: idOf(subscription.customer)!,
      usage: 'off_session',
      metadata: { purpose: CARD_CHANGE, subscriptionId, studentId: String(studentId) },
    });
    return { setupIntentId: intent.id, clientSecret: intent.client_secret! };
  }

  async useChangedCard(setupIntentId: string): Promise<string | null> {
    const intent = await unlessMissing(() => this.stripe.setupIntents.retrieve(setupIntentId));
    const subscriptionId = intent?.metadata?.purpose === CARD_CHANGE ? intent.metadata.subscriptionId : undefined;
    return intent && subscriptionId && (await this.makeDefaultCard(intent, subscriptionId)) ? subscriptionId : null;
  }

  async readDispute(disputeId: string): Promise<ProviderDispute | null> {
    const dispute = await unlessMissing(() => this.stripe.disputes.retrieve(disputeId));
    if (!dispute) return null;
    const intentId = idOf(dispute.payment_intent);
    const chargeId = idOf(dispute.charge);
    const payer = intentId
      ? await this.stripe.paymentIntents.retrieve(intentId)
      : chargeId
        ? await this.stripe.charges.retrieve(chargeId)
        : null;
    // The invoice the payment paid names the subscription (a payment made for an invoice is one of its payments).
    const paid = intentId
      ? (
          await this.stripe.invoicePayments.list({
            payment: { type: 'payment_intent', payment_intent: intentId },
            limit: 1,
          })
        ).data[0]
      : undefined;
    const invoiceId = idOf(paid?.invoice as string | { id: string } | undefined);
    const invoice = invoiceId ? await this.readInvoice(invoiceId) : null;
    return {
      id: dispute.id,
      status: dispute.status,
      customerId: idOf(payer?.customer as string | { id: string } | null | undefined) ?? null,
      subscriptionId: invoice?.subscriptionId ?? null,
    };
  }

  async customerDeleted(customerId: string): Promise<boolean> {
    try {
      const customer = await this.stripe.customers.retrieve(customerId);
      return 'deleted' in customer && customer.deleted === true;
    } catch (err) {
      if (isMissingAtProvider(err)) return true;
      throw err;
    }
  }

  /** An open invoice whose PaymentIntent waits for the card holder (Invoice.payments → InvoicePayment.payment). */
  private async invoiceNeedsAction(invoice: Stripe.Invoice): Promise<boolean> {
    if (invoice.status !== 'open') return false;
    const payment = invoice.payments?.data?.find((p) => p.payment?.type === 'payment_intent')?.payment;
    const intentId = idOf(payment?.payment_intent);
    if (!intentId) return false;
    const intent = await this.stripe.paymentIntents.retrieve(intentId);
    return intent.status === 'requires_action';
  }
}

/**
 * Stripe's own time of an answer (its Date header, to the second): the clock its events' `created` is read on, the
 * same for every replica of this service.
 */
function stripeTime(answer: { lastResponse?: { headers?: Record<string, string> } }): Date {
  const at = Date.parse(answer.lastResponse?.headers?.date ?? '');
  return Number.isFinite(at) ? new Date(at) : eventTimeNow();
}

/** What a new subscription response must carry so the browser has something to confirm. */
const CREATED_EXPAND = ['pending_setup_intent', 'latest_invoice.confirmation_secret'];
const ENDED = new Set(['canceled', 'incomplete_expired']);
/** Marks a SetupIntent made to change a subscription's card (its metadata names the subscription). */
const CARD_CHANGE = 'card_change';
const WAITING = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * What the browser must confirm: a pending SetupIntent (a trial, or nothing to pay now), else the open first
 * invoice's PaymentIntent; nothing when Stripe needs nothing more (a card on file, or nothing to pay). A subscription
 * with nothing to confirm is healthy and is kept.
 */
function asCreated(subscription: Stripe.Subscription): CreatedSubscription {
  const base = {
    subscriptionId: subscription.id,
    status: subscription.status,
    trial: subscription.status === 'trialing' || Boolean(subscription.trial_end),
    setupIntentId: idOf(subscription.pending_setup_intent),
  };
  const setupIntent = typeof subscription.pending_setup_intent === 'object' ? subscription.pending_setup_intent : null;
  if (setupIntent?.client_secret && WAITING.has(setupIntent.status))
    return { ...base, clientSecret: setupIntent.client_secret, type: 'setup' };
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const invoiceSecret = invoice?.status === 'open' ? invoice.confirmation_secret?.client_secret : undefined;
  if (invoiceSecret) return { ...base, clientSecret: invoiceSecret, type: 'payment' };
  return { ...base, clientSecret: null, type: 'none' };
}

/**
 * The price holding the lookup key must be what the product charges: whatever holds the key would otherwise be charged,
 * whatever its currency, amount or interval. A price whose tax is added on top would charge more than A$0.99.
 */
function checkedPrice(price: Stripe.Price): string {
  const problems = [
    price.currency !== PRICE_CURRENCY.toLowerCase() && `currency ${price.currency}`,
    price.unit_amount !== PRICE_CENTS && `amount ${price.unit_amount}`,
    (price.recurring?.interval !== 'month' || price.recurring.interval_count !== 1) &&
      `interval ${price.recurring?.interval_count ?? '?'} ${price.recurring?.interval ?? 'none'}`,
    price.tax_behavior !== 'inclusive' && `tax_behavior ${price.tax_behavior ?? 'unspecified'}`,
    !price.active && 'archived',
  ].filter(Boolean);
  if (problems.length > 0)
    throw new PriceRefused(
      `price ${price.id} is not ${PRICE_CENTS} ${PRICE_CURRENCY} cents a month, tax included: ${problems.join(', ')}. ${
        price.lookup_key === PRICE_LOOKUP_KEY
          ? 'Archive it or give the lookup key to the right price.'
          : 'Set STRIPE_PRICE_ID to the right price, or leave it unset.'
      }`,
    );
  return price.id;
}

/** The GST rate the product makes when none is configured: 10%, included in the price. */
const GST_RATE = {
  display_name: 'GST',
  description: 'Australian GST, included in the price',
  percentage: 10,
  inclusive: true,
  country: 'AU',
  tax_type: 'gst',
  metadata: { purpose: 'learner-logbook-gst' },
} satisfies Stripe.TaxRateCreateParams;

/** A rate that adds tax on top, or at another percentage, would charge more than A$0.99 or show the wrong GST. */
function checkedGstRate(rate: Stripe.TaxRate): string {
  const problems = [
    !rate.inclusive && 'tax added on top (not inclusive)',
    rate.percentage !== GST_RATE.percentage && `percentage ${rate.percentage}`,
    !rate.active && 'archived',
  ].filter(Boolean);
  if (problems.length > 0)
    throw new PriceRefused(`tax rate ${rate.id} is not GST of 10% included in the price: ${problems.join(', ')}.`);
  return rate.id;
}

const isRefusedPrice = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && err.param === 'items[0][price]';
const alreadyCanceled = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && /already been canceled/i.test(err.message);
const isUnexpectedState = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'setup_intent_unexpected_state';
