import crypto from 'node:crypto';
import Stripe from 'stripe';
import { TRIAL_DAYS } from '@logbook/contracts/constants';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { insertUnlessTaken } from '@logbook/service-kit/db';
import { conflict, notFound } from '@logbook/service-kit/errors';
import type {
  BillingCustomer,
  CardChange,
  CreatedSubscription,
  DeliverEvent,
  NewSubscription,
  PaymentProvider,
  ProviderDispute,
  ProviderInvoice,
  ProviderSubscription,
} from './provider';
import { toEventTime } from '../subscriptions/status';
import { SimulatedSubscriptionModel, type SimulatedSubscription } from './simulated-model';

const DAY = 24 * 60 * 60;
const MONTH = 30 * DAY;
const token = (bytes = 12) => crypto.randomBytes(bytes).toString('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Payments with no network, for the embedded default and tests. It keeps Stripe's flow and shapes: a trial
 * subscription waiting on a SetupIntent, and signed Stripe-shaped events delivered to the same webhook handler.
 */
export class SimulatedProvider implements PaymentProvider {
  readonly kind = 'simulated' as const;
  readonly keepsCustomers = false;

  constructor(
    private readonly secret: string,
    private readonly deliver: DeliverEvent,
  ) {}

  async ensureCustomer(customer: BillingCustomer): Promise<string> {
    return `cus_sim_${customer.userId}`;
  }

  /** Nothing of the family is kept outside this service's own database. */
  async deleteCustomer(): Promise<void> {}

  async createSubscription(request: NewSubscription): Promise<CreatedSubscription> {
    const made = () => SimulatedSubscriptionModel.findOne({ idempotencyKey: request.idempotencyKey }).lean();
    const replay = await made();
    if (replay) return this.created(replay);
    const created = nowSeconds();
    // Like Stripe: a trial waits on a SetupIntent; without one the first invoice waits on a PaymentIntent.
    const intentId = request.trial ? `seti_sim_${token()}` : `pi_sim_${token()}`;
    const doc: SimulatedSubscription = {
      _id: `sub_sim_${token()}`,
      studentId: request.studentId,
      customerId: request.customerId,
      idempotencyKey: request.idempotencyKey,
      status: request.trial ? 'trialing' : 'incomplete',
      setupIntentId: request.trial ? intentId : null,
      paymentIntentId: request.trial ? null : intentId,
      clientSecret: `${intentId}_secret_${token(16)}`,
      paymentMethodId: null,
      percentOff: request.coupon?.percentOff ?? null,
      couponCode: request.coupon?.code ?? null,
      trialEnd: request.trial ? created + TRIAL_DAYS * DAY : null,
      currentPeriodStart: created,
      currentPeriodEnd: created + (request.trial ? TRIAL_DAYS * DAY : MONTH),
      created,
      canceledAt: null,
    };
    // Same key at the same moment: like Stripe, hand back the one that was made.
    if (!(await insertUnlessTaken(SimulatedSubscriptionModel, doc))) return this.created((await made())!);
    await this.emit('customer.subscription.created', 'subscription', doc._id);
    return this.created(doc);
  }

  async findSubscription(customerId: string, studentId: number): Promise<CreatedSubscription | null> {
    const found = await SimulatedSubscriptionModel.findOne({
      customerId,
      studentId,
      status: { $nin: ['canceled', 'incomplete_expired'] },
    })
      .sort({ created: -1 })
      .lean();
    return found ? this.created(found) : null;
  }

  async readCreated(subscriptionId: string): Promise<CreatedSubscription | null> {
    const doc = await SimulatedSubscriptionModel.findById(subscriptionId).lean();
    return doc ? this.created(doc) : null;
  }

  async readSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const doc = await SimulatedSubscriptionModel.findById(subscriptionId).lean();
    if (!doc) return null;
    return {
      id: doc._id,
      status: doc.status,
      studentId: doc.studentId,
      ...(doc.customerId ? { customerId: doc.customerId } : {}),
      trialEnd: doc.trialEnd ?? null,
      currentPeriodStart: doc.currentPeriodStart ?? null,
      currentPeriodEnd: doc.currentPeriodEnd ?? null,
      cancelAtPeriodEnd: Boolean(doc.cancelAtPeriodEnd),
      // Like Stripe's pending_setup_intent: nothing waits to be set up once the card is saved, or without a trial.
      paymentMethodSaved: Boolean(doc.paymentMethodId) || !doc.setupIntentId,
      paymentActionRequired: false,
      pauseCause: null,
    };
  }

  async readInvoice(invoiceId: string): Promise<ProviderInvoice | null> {
    const doc = await SimulatedSubscriptionModel.findOne({ 'invoices.id': invoiceId }).lean();
    const invoice = doc?.invoices?.find((i) => i.id === invoiceId);
    if (!doc || !invoice) return null;
    return {
      id: invoice.id,
      subscriptionId: doc._id,
      billingReason: invoice.reason,
      status: invoice.status,
      actionRequired: false,
    };
  }

  /** The simulated card form saves the card on the subscription itself: succeeded is all there is to check. */
  async keepTrialCard(setupIntentId: string, subscriptionId: string): Promise<boolean> {
    return Boolean(
      await SimulatedSubscriptionModel.exists({ _id: subscriptionId, setupIntentId, paymentMethodId: { $ne: null } }),
    );
  }

  /** A past-due subscription's open renewal is paid through a secret of its own, as Stripe's invoice has. */
  async paymentSecret(subscriptionId: string): Promise<string | null> {
    const doc = await SimulatedSubscriptionModel.findById(subscriptionId).lean();
    if (!doc || (doc.status !== 'past_due' && doc.status !== 'unpaid')) return null;
    if (doc.renewalSecret) return doc.renewalSecret;
    const secret = `pi_sim_${token()}_secret_${token(16)}`;
    await SimulatedSubscriptionModel.updateOne(
      { _id: doc._id, renewalSecret: null },
      { $set: { renewalSecret: secret } },
    );
    return (await SimulatedSubscriptionModel.findById(subscriptionId).lean())?.renewalSecret ?? null;
  }

  async cancelSubscription(subscriptionId: string): Promise<Date | null> {
    // A guarded updateOne, then a read: only the request that changed the status tells the webhook handler.
    const at = nowSeconds();
    const result = await SimulatedSubscriptionModel.updateOne(
      { _id: subscriptionId, status: { $ne: 'canceled' } },
      { $set: { status: 'canceled', canceledAt: at } },
    );
    if (result.modifiedCount !== 1) return null;
    const doc = await SimulatedSubscriptionModel.findById(subscriptionId).lean();
    if (doc) await this.emit('customer.subscription.deleted', 'subscription', doc._id);
    return toEventTime(at);
  }

  /** The subscription waiting on this client secret, if any (ownership is judged by the caller). */
  async findByClientSecret(clientSecret: string): Promise<SimulatedSubscription | null> {
    return SimulatedSubscriptionModel.findOne({
      $or: [{ clientSecret }, { renewalSecret: clientSecret }, { cardChangeSecret: clientSecret }],
    }).lean();
  }

  /**
   * What Stripe.js's confirmSetup (a trial: the card is saved as the subscription's default) or confirmPayment (no
   * trial: the first invoice is paid and the subscription starts) leads to. Confirming twice saves one card.
   */
  async confirm(clientSecret: string): Promise<SimulatedSubscription> {
    const current = await this.findByClientSecret(clientSecret);
    if (!current) throw notFound(BILLING_ERRORS.unknownClientSecret);
    if (current.status === 'canceled') throw conflict(BILLING_ERRORS.subscriptionEnded);
    if (current.renewalSecret && current.renewalSecret === clientSecret) return this.payRenewal(current);
    if (current.cardChangeSecret && current.cardChangeSecret === clientSecret) return this.changeCard(current);
    if (current.paymentMethodId) return current;
    const paymentMethodId = `pm_sim_${token()}`;
    const paying = !current.setupIntentId;
    // Guarded on "no card yet" and "not canceled": of several confirmations at once only one saves a card and speaks.
    const result = await SimulatedSubscriptionModel.updateOne(
      { _id: current._id, paymentMethodId: null, status: { $ne: 'canceled' } },
      { $set: { paymentMethodId, ...(paying ? { status: 'active' } : {}) } },
    );
    const doc = await SimulatedSubscriptionModel.findById(current._id).lean();
    if (!doc) throw notFound(BILLING_ERRORS.unknownClientSecret);
    if (result.modifiedCount !== 1) {
      if (doc.status === 'canceled' && !doc.paymentMethodId) throw conflict(BILLING_ERRORS.subscriptionEnded);
      return doc;
    }
    if (paying) {
      await this.emit('invoice.paid', 'invoice', await this.invoice(doc, 'subscription_create', 'paid'));
    } else {
      await this.emit('setup_intent.succeeded', 'setup_intent', doc.setupIntentId!);
    }
    await this.emit('customer.subscription.updated', 'subscription', doc._id);
    return doc;
  }

  async endAtPeriodEnd(subscriptionId: string, end: boolean): Promise<Date> {
    const at = toEventTime(nowSeconds());
    const result = await SimulatedSubscriptionModel.updateOne(
      { _id: subscriptionId, status: { $ne: 'canceled' }, cancelAtPeriodEnd: end ? { $ne: true } : true },
      { $set: { cancelAtPeriodEnd: end } },
    );
    if (result.modifiedCount !== 1) return at;
    const doc = await SimulatedSubscriptionModel.findById(subscriptionId).lean();
    if (doc) await this.emit('customer.subscription.updated', 'subscription', doc._id);
    return at;
  }

  async startCardChange(subscriptionId: string): Promise<CardChange> {
    const setupIntentId = `seti_sim_${token()}`;
    const clientSecret = `${setupIntentId}_secret_${token(16)}`;
    await SimulatedSubscriptionModel.updateOne(
      { _id: subscriptionId },
      { $set: { cardChangeIntentId: setupIntentId, cardChangeSecret: clientSecret } },
    );
    return { setupIntentId, clientSecret };
  }

  async useChangedCard(setupIntentId: string): Promise<string | null> {
    const doc = await SimulatedSubscriptionModel.findOne({ cardChangeIntentId: setupIntentId }).lean();
    return doc && !doc.cardChangeSecret ? doc._id : null;
  }

  /** Disputes come from card networks, which the simulated provider has none of. */
  async readDispute(): Promise<ProviderDispute | null> {
    return null;
  }

  /** Its customers are the accounts themselves: none is ever deleted on its own. */
  async customerDeleted(): Promise<boolean> {
    return false;
  }

  /** The new card is saved and becomes the subscription's default (once, however often it is confirmed). */
  private async changeCard(current: SimulatedSubscription): Promise<SimulatedSubscription> {
    const paymentMethodId = `pm_sim_${token()}`;
    const result = await SimulatedSubscriptionModel.updateOne(
      { _id: current._id, cardChangeSecret: current.cardChangeSecret, status: { $ne: 'canceled' } },
      { $set: { paymentMethodId, cardChangeSecret: null } },
    );
    const doc = await SimulatedSubscriptionModel.findById(current._id).lean();
    if (!doc) throw notFound(BILLING_ERRORS.unknownClientSecret);
    if (result.modifiedCount !== 1) return doc;
    await this.emit('setup_intent.succeeded', 'setup_intent', doc.cardChangeIntentId!);
    return doc;
  }

  /** The owed renewal is paid: the subscription is active again (once, however often it is confirmed). */
  private async payRenewal(current: SimulatedSubscription): Promise<SimulatedSubscription> {
    const result = await SimulatedSubscriptionModel.updateOne(
      { _id: current._id, renewalSecret: current.renewalSecret, status: { $in: ['past_due', 'unpaid'] } },
      { $set: { status: 'active', renewalSecret: null } },
    );
    const doc = await SimulatedSubscriptionModel.findById(current._id).lean();
    if (!doc) throw notFound(BILLING_ERRORS.unknownClientSecret);
    if (result.modifiedCount !== 1) return doc;
    await this.emit('invoice.paid', 'invoice', await this.invoice(doc, 'subscription_cycle', 'paid'));
    await this.emit('customer.subscription.updated', 'subscription', doc._id);
    return doc;
  }

  /** A renewal whose charge is declined: the invoice fails and the subscription falls past due. */
  async failRenewal(subscriptionId: string): Promise<SimulatedSubscription> {
    const now = nowSeconds();
    // Guarded updateOne: a cancel that lands at the same moment is never overwritten by a renewal.
    const result = await SimulatedSubscriptionModel.updateOne(
      { _id: subscriptionId, status: { $ne: 'canceled' } },
      // The trial is over by the time a renewal is charged.
      { $set: { status: 'past_due', trialEnd: now, currentPeriodStart: now, currentPeriodEnd: now + MONTH } },
    );
    const doc = result.modifiedCount === 1 ? await SimulatedSubscriptionModel.findById(subscriptionId).lean() : null;
    if (!doc) throw conflict(BILLING_ERRORS.subscriptionEnded);
    await this.emit('invoice.payment_failed', 'invoice', await this.invoice(doc, 'subscription_cycle', 'open'));
    await this.emit('customer.subscription.updated', 'subscription', doc._id);
    return doc;
  }

  /**
   * Issue an invoice of this subscription (its first, paid on confirmation, or a renewal, left open when declined) and
   * keep it, so the webhook handler can read it back; answers its id.
   */
  private async invoice(
    doc: SimulatedSubscription,
    reason: 'subscription_create' | 'subscription_cycle',
    status: 'paid' | 'open',
  ): Promise<string> {
    const id = `in_sim_${token()}`;
    // A read then a $set ($push is not available on every server this runs on); one writer per invoice here.
    const current = await SimulatedSubscriptionModel.findById(doc._id).select({ invoices: 1 }).lean();
    const invoices = [...(current?.invoices ?? []), { id, reason, status }];
    await SimulatedSubscriptionModel.updateOne({ _id: doc._id }, { $set: { invoices } });
    return id;
  }

  private created(doc: SimulatedSubscription): CreatedSubscription {
    return {
      subscriptionId: doc._id,
      clientSecret: doc.clientSecret,
      type: doc.setupIntentId ? 'setup' : 'payment',
      setupIntentId: doc.setupIntentId ?? undefined,
      status: doc.status,
      trial: Boolean(doc.trialEnd),
    };
  }

  /**
   * A signed Stripe-shaped event naming its object. The webhook handler reads every object back from the provider,
   * never from the event, so the event carries only the object's id.
   */
  private async emit(type: string, object: string, id: string): Promise<void> {
    const payload = JSON.stringify({
      id: `evt_sim_${token()}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: { id, object } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
    await this.deliver(payload, header);
  }
}
