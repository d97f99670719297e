import Stripe from 'stripe';
import { PRICE_CENTS, PRICE_CURRENCY, PRICE_LOOKUP_KEY, PRODUCT_NAME, TRIAL_DAYS } from '@logbook/contracts/constants';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { AppError } from '@logbook/service-kit/errors';
import { logger } from '@logbook/service-kit/logger';
import { isMissingAtProvider } from './errors';
import type { BillingCustomer, CreatedSubscription, NewSubscription, PaymentProvider } from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey?: string;
  /** A configured price; without it the monthly price is found (or made once) by its lookup key. */
  priceId?: string;
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
    if (customer.customerId) return customer.customerId;
    const created = await this.stripe.customers.create(
      { email: customer.email, metadata: { userId: String(customer.userId) } },
      // One account, one customer, even when two of its students subscribe at the same moment.
      { idempotencyKey: `customer-${customer.userId}-${customer.createdAt?.getTime() ?? 0}` },
    );
    return created.id;
  }

  private priceId(): Promise<string> {
    if (this.options.priceId) return Promise.resolve(this.options.priceId);
    this.price ??= this.findOrCreatePrice().catch((err) => {
      this.price = undefined;
      throw err;
    });
    return this.price;
  }

  private async findOrCreatePrice(): Promise<string> {
    const found = await this.stripe.prices.list({ lookup_keys: [PRICE_LOOKUP_KEY], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const price = await this.stripe.prices.create(
      {
        currency: PRICE_CURRENCY.toLowerCase(),
        unit_amount: PRICE_CENTS,
        recurring: { interval: 'month' },
        lookup_key: PRICE_LOOKUP_KEY,
        product_data: { name: `${PRODUCT_NAME} monthly subscription` },
      },
      { idempotencyKey: `price-${PRICE_LOOKUP_KEY}` },
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
    const price = await this.priceId();
    const coupon = request.coupon ? await this.couponId(request.coupon.code, request.coupon.percentOff) : undefined;
    const subscription = await this.stripe.subscriptions.create(
      {
        customer: request.customerId,
        items: [{ price }],
        ...(request.trial ? { trial_period_days: TRIAL_DAYS } : {}),
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
        metadata: { studentId: String(request.studentId) },
        ...(coupon ? { discounts: [{ coupon }] } : {}),
      },
      { idempotencyKey: request.idempotencyKey },
    );
    const trial = subscription.status === 'trialing' || Boolean(subscription.trial_end);
    const setupIntent =
      typeof subscription.pending_setup_intent === 'object' ? subscription.pending_setup_intent : null;
    if (setupIntent?.client_secret) {
      return {
        subscriptionId: subscription.id,
        clientSecret: setupIntent.client_secret,
        type: 'setup',
        setupIntentId: setupIntent.id,
        status: subscription.status,
        trial,
      };
    }
    const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    const invoiceSecret = invoice?.confirmation_secret?.client_secret;
    if (invoiceSecret) {
      return {
        subscriptionId: subscription.id,
        clientSecret: invoiceSecret,
        type: 'payment',
        setupIntentId: idOf(subscription.pending_setup_intent),
        status: subscription.status,
        trial,
      };
    }
    // Nothing the browser could confirm: do not leave a half-made subscription behind.
    await this.cancelSubscription(subscription.id).catch((err) =>
      logger.error({ err, subscription: subscription.id }, 'could not cancel a subscription with no client secret'),
    );
    throw new AppError(502, BILLING_ERRORS.providerNoClientSecret);
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (err) {
      if (isMissingAtProvider(err)) return;
      throw err;
    }
  }
}
