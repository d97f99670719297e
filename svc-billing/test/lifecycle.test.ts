import mongoose from 'mongoose';
import request from 'supertest';
import Stripe from 'stripe';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { internalHeaders } from '@logbook/service-kit/internal';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { PRICE_LOOKUP_KEY } from '@logbook/contracts/constants';
import { createApp } from '../src/app';
import { createCoupon } from '../src/coupons/coupons';
import { CouponModel } from '../src/coupons/model';
import { PriceRefused } from '../src/providers/errors';
import { StripeProvider } from '../src/providers/stripe';
import {
  BillingCustomerModel,
  ChargebackModel,
  StudentBillingModel,
  StudentTrialModel,
  SubscriptionRecordModel,
} from '../src/subscriptions/model';
import { BillingEventModel } from '../src/webhooks/model';
import { eventsSettled } from '../src/webhooks/webhooks';
import { endGraces } from '../src/subscriptions/grace';
import { keepFlagsByChargeback } from '../src/subscriptions/owners';
import { FakeStripe } from './fake-stripe';
import { addStudent, makeFamily, rawStudent, testConfig, testModels, WEBHOOK_SECRET } from './fixtures';

// A subscription's life after its first day, as Stripe runs it, through the real SDK against the Stripe-shaped server.
const fake = new FakeStripe();
let app: ReturnType<typeof createApp>;
let config: ReturnType<typeof testConfig>;

beforeAll(async () => {
  await setupTestDatabase(testModels);
  await fake.start();
  config = testConfig({
    STRIPE_SECRET_KEY: 'sk_test_lifecycle',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_lifecycle',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(fake.port),
    STRIPE_API_PROTOCOL: 'http',
    STRIPE_MAX_NETWORK_RETRIES: '0',
    STRIPE_TIMEOUT_MS: '1000',
  });
  app = createApp(config);
});
afterAll(async () => {
  await fake.stop();
  await teardownTestDatabase();
});
beforeEach(() => fake.reset());

const create = (cookie: string, studentId: number) =>
  request(app).post('/api/create-subscription').set('Cookie', cookie).send({ studentId });
const view = (cookie: string, studentId: number) =>
  request(app).get(`/api/subscription/${studentId}`).set('Cookie', cookie);

/** Stripe sends an event with the object as it has it now (made at `created`, Stripe's clock, when given). */
const deliver = (type: string, object: object, at: { created?: number } = {}) => send(fake.event(type, object, at));

async function send(event: object) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await request(app)
    .post('/api/stripe/webhook')
    .set('content-type', 'application/json')
    .set('stripe-signature', header)
    .send(payload);
  expect(res.status).toBe(200);
  await eventsSettled();
  return res;
}

describe('an outcome that is not known', () => {
  it('adopts the subscription Stripe made before answering 500: the retry gets its card form, the free month is kept', async () => {
    const family = await makeFamily();
    fake.failAfterWork('POST', /^\/v1\/subscriptions$/, 500);
    expect((await create(family.cookie, family.studentId)).status).toBe(502);
    const [made] = fake.subscriptionsOf(family.studentId);
    expect(made.status).toBe('trialing');

    // Stripe's event arrives before the parent tries again: it names the student, whose attempt failed.
    await deliver('customer.subscription.created', fake.subscription(made.id));
    const record = await SubscriptionRecordModel.findById(family.studentId).lean();
    expect(record).toMatchObject({
      state: 'created',
      subscriptionId: made.id,
      type: 'setup',
      clientSecret: fake.intents.get(made.pendingSetupIntent!)!.clientSecret,
    });
    expect(await StudentTrialModel.exists({ _id: family.studentId })).toBeTruthy();

    const retry = await create(family.cookie, family.studentId);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ subscriptionId: made.id, clientSecret: record!.clientSecret, type: 'setup' });
    expect(fake.subscriptionsOf(family.studentId)).toHaveLength(1);
    const shown = await view(family.cookie, family.studentId);
    expect(shown.body).toMatchObject({ status: 'incomplete', subscriptionId: made.id, trialAvailable: false });
  });

  it('a retry reaches the look-up even when the student already shows the subscription Stripe made', async () => {
    const family = await makeFamily();
    fake.failAfterWork('POST', /^\/v1\/subscriptions$/, 500);
    expect((await create(family.cookie, family.studentId)).status).toBe(502);
    const [made] = fake.subscriptionsOf(family.studentId);
    // The student learned of it (another replica's event) while the failed attempt still waits.
    await StudentBillingModel.updateOne(
      { _id: family.studentId },
      { $set: { stripeSubscriptionId: made.id, providerStatus: 'trialing', subscriptionStatus: 'incomplete' } },
    );
    await SubscriptionRecordModel.updateOne({ _id: family.studentId }, { $set: { state: 'failed' } });

    const retry = await create(family.cookie, family.studentId);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ subscriptionId: made.id, type: 'setup' });
    expect(fake.calls('GET', '/v1/subscriptions').length).toBeGreaterThan(0);
    expect(fake.subscriptionsOf(family.studentId)).toHaveLength(1);
    expect((await rawStudent(family.studentId))!.stripeSubscriptionId).toBe(made.id);
  });
});

describe('a coupon when the outcome is not known', () => {
  const usedCount = async (code: string) => (await CouponModel.findOne({ code }).lean())!.usedCount;
  const withCoupon = (cookie: string, studentId: number, couponCode?: string) =>
    request(app)
      .post('/api/create-subscription')
      .set('Cookie', cookie)
      .send({ studentId, ...(couponCode ? { couponCode } : {}) });

  it('keeps the use Stripe applied before answering 500: the retry finds that subscription, no one else has the use', async () => {
    await createCoupon({ code: 'LASTUSE50', discountPercent: 50, maxUses: 1 });
    const family = await makeFamily();
    fake.failAfterWork('POST', /^\/v1\/subscriptions$/, 500);
    expect((await withCoupon(family.cookie, family.studentId, 'LASTUSE50')).status).toBe(502);
    const [made] = fake.subscriptionsOf(family.studentId);
    expect(made.discounts).toEqual(['logbook-LASTUSE50-50']);
    // Stripe applied it: the use stays counted, and the last one is not handed to another family.
    expect(await usedCount('LASTUSE50')).toBe(1);
    const other = await makeFamily();
    const refused = await withCoupon(other.cookie, other.studentId, 'LASTUSE50');
    expect([refused.status, refused.body]).toEqual([400, { message: BILLING_ERRORS.couponUnusable }]);

    const retry = await withCoupon(family.cookie, family.studentId, 'LASTUSE50');
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ subscriptionId: made.id, type: 'setup' });
    expect(fake.subscriptionsOf(family.studentId)).toHaveLength(1);
    expect(await usedCount('LASTUSE50')).toBe(1);
    expect((await SubscriptionRecordModel.findById(family.studentId).lean())!.couponUse).toMatchObject({
      code: 'LASTUSE50',
      discountPercent: 50,
    });
  });

  it('a 500 before Stripe made anything: the retry counts the held use once, or gives it back when asked without it', async () => {
    await createCoupon({ code: 'TWICE20', discountPercent: 20, maxUses: 2 });
    const a = await makeFamily();
    fake.failNext('POST', /^\/v1\/subscriptions$/, 500, 'api_error', 'Something went wrong.');
    expect((await withCoupon(a.cookie, a.studentId, 'TWICE20')).status).toBe(502);
    expect(fake.subscriptionsOf(a.studentId)).toHaveLength(0);
    expect(await usedCount('TWICE20')).toBe(1);
    const again = await withCoupon(a.cookie, a.studentId, 'TWICE20');
    expect(again.status).toBe(200);
    expect(fake.subscriptionsOf(a.studentId).map((s) => s.discounts)).toEqual([['logbook-TWICE20-20']]);
    expect(await usedCount('TWICE20')).toBe(1);

    const b = await makeFamily();
    fake.failNext('POST', /^\/v1\/subscriptions$/, 500, 'api_error', 'Something went wrong.');
    expect((await withCoupon(b.cookie, b.studentId, 'TWICE20')).status).toBe(502);
    expect(await usedCount('TWICE20')).toBe(2);
    const without = await withCoupon(b.cookie, b.studentId);
    expect(without.status).toBe(200);
    expect(fake.subscriptionsOf(b.studentId).map((s) => s.discounts)).toEqual([[]]);
    expect(await usedCount('TWICE20')).toBe(1);
  });
});

/** A family whose student has started the free trial (no card saved yet), as Stripe's first event leaves it. */
async function trialFamily() {
  const family = await makeFamily();
  const res = await create(family.cookie, family.studentId);
  expect(res.status).toBe(200);
  const subscriptionId = res.body.subscriptionId as string;
  await deliver('customer.subscription.created', fake.subscription(subscriptionId));
  return { ...family, subscriptionId };
}

/** A trial with its card saved (Stripe tells of the SetupIntent's success): the student is active. */
async function activeFamily() {
  const f = await trialFamily();
  const intent = fake.confirmSetup(f.subscriptionId);
  await deliver('setup_intent.succeeded', fake.setupIntent(intent));
  expect((await rawStudent(f.studentId))!.subscriptionStatus).toBe('active');
  return f;
}

const mailText = async (email: string, kind: string) =>
  ((await mongoose.connection.collection('mail_queue').findOne({ to: email, kind })) as { text?: string } | null)?.text;

describe('a trial that ends without a card', () => {
  it('is canceled by Stripe at its end, never invoiced: the student is canceled', async () => {
    const f = await trialFamily();
    const [sent] = fake.calls('POST', '/v1/subscriptions');
    expect(sent.body.trial_settings).toEqual({ end_behavior: { missing_payment_method: 'cancel' } });

    expect(fake.endTrial(f.subscriptionId)).toBe('canceled');
    const renewals = [...fake.invoices.values()].filter(
      (i) => i.subscription === f.subscriptionId && i.billingReason === 'subscription_cycle',
    );
    expect(renewals).toHaveLength(0);
    await deliver('customer.subscription.deleted', fake.subscription(f.subscriptionId));
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'canceled', nextStep: null });
  });

  it('words the trial-ending email by whether a card is saved', async () => {
    const without = await trialFamily();
    await deliver('customer.subscription.trial_will_end', fake.subscription(without.subscriptionId));
    const noCard = await mailText(without.email, 'trial_will_end');
    expect(noCard).toContain('No card is saved for it, so the subscription then ends');
    expect(noCard).not.toContain('continues with the card saved');

    const saved = await activeFamily();
    await deliver('customer.subscription.trial_will_end', fake.subscription(saved.subscriptionId));
    const withCard = await mailText(saved.email, 'trial_will_end');
    expect(withCard).toContain('continues at A$0.99 a month incl. GST with the card saved for it');
    expect(withCard).not.toContain('No card is saved');
  });

  it('says the subscription ends with the trial when the parent canceled in it, card or not', async () => {
    const f = await activeFamily();
    const cancel = await post('/api/cancel-subscription', f.cookie, f.studentId);
    expect(cancel.status).toBe(200);
    await deliver('customer.subscription.trial_will_end', fake.subscription(f.subscriptionId));
    const text = await mailText(f.email, 'trial_will_end');
    expect(text).toContain('You canceled the subscription, so it then ends');
    expect(text).toContain('Nothing will be charged');
    expect(text).not.toContain('continues');
  });
});

describe("a trial's card", () => {
  it("is made the subscription's default once its SetupIntent succeeds, so the first renewal charges it", async () => {
    const f = await trialFamily();
    const intent = fake.confirmSetup(f.subscriptionId);
    expect(fake.subscriptionStates.get(f.subscriptionId)!.defaultPaymentMethod).toBeNull();
    await deliver('setup_intent.succeeded', fake.setupIntent(intent));
    const card = fake.intents.get(intent)!.paymentMethod;
    expect(fake.subscriptionStates.get(f.subscriptionId)!.defaultPaymentMethod).toBe(card);
    expect(fake.calls('POST', `/v1/subscriptions/${f.subscriptionId}`).map((c) => c.body)).toContainEqual(
      expect.objectContaining({ default_payment_method: card }),
    );
  });
});

describe('notices when Stripe delivers out of order', () => {
  const countOf = (email: string, kind: string) =>
    mongoose.connection.collection('mail_queue').countDocuments({ to: email, kind });

  it.each([
    ['invoice.payment_failed', 'payment_failed', 'logging new sessions goes on meanwhile'],
    ['invoice.payment_action_required', 'payment_action_required', 'bank'],
    ['customer.subscription.trial_will_end', 'trial_will_end', 'free trial'],
  ])('%s is emailed once when a newer subscription event arrives first, and again', async (type, kind, says) => {
    const trial = type.endsWith('trial_will_end');
    const f = trial ? await trialFamily() : await activeFamily();
    const invoice = trial ? null : fake.renew(f.subscriptionId, kind === 'payment_failed' ? 'failed' : 'action');
    const t = Math.floor(Date.now() / 1000) + 10;
    const events = [
      fake.event(type, invoice ? fake.invoice(invoice.id) : fake.subscription(f.subscriptionId), { created: t }),
      fake.event('customer.subscription.updated', fake.subscription(f.subscriptionId), { created: t + 1 }),
    ];
    for (const event of FakeStripe.outOfOrder(events)) await send(event);
    expect(await mailText(f.email, kind)).toContain(says);
    expect(await countOf(f.email, kind)).toBe(1);
  });
});

describe('the grace of a failed renewal', () => {
  const DAY = 86_400;

  it('ends 14 days past the period start: the learner then shows "Payment needed" and logging waits for payment', async () => {
    const f = await activeFamily();
    const invoice = fake.renew(f.subscriptionId, 'failed');
    // Stripe is still retrying 15 days into the period.
    fake.subscriptionStates.get(f.subscriptionId)!.periodStart -= 15 * DAY;
    await deliver('invoice.payment_failed', fake.invoice(invoice.id));
    expect(await rawStudent(f.studentId)).toMatchObject({ subscriptionStatus: 'past_due', providerStatus: 'past_due' });
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'past_due', nextStep: 'payment_needed' });

    // Paid: logging opens again, nothing lost.
    fake.payLatestInvoice(f.subscriptionId);
    await deliver('invoice.paid', fake.invoice(invoice.id));
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'active', nextStep: null });
  });

  it('ends when its day comes even with no event from Stripe', async () => {
    const f = await activeFamily();
    const invoice = fake.renew(f.subscriptionId, 'failed');
    fake.subscriptionStates.get(f.subscriptionId)!.periodStart -= 13 * DAY;
    await deliver('invoice.payment_failed', fake.invoice(invoice.id));
    expect((await rawStudent(f.studentId))!.subscriptionStatus).toBe('active');
    expect(await endGraces(new Date(Date.now() + 0.5 * DAY * 1000))).toBe(0);
    const version = (await rawStudent(f.studentId))!.version as number;
    expect(await endGraces(new Date(Date.now() + 1.5 * DAY * 1000))).toBe(1);
    expect(await rawStudent(f.studentId)).toMatchObject({ subscriptionStatus: 'past_due', version: version + 1 });
  });
});

describe('a renewal that fails', () => {
  it('keeps logging open while Stripe retries (past_due), says so in the email, and shows what to pay', async () => {
    const f = await activeFamily();
    const invoice = fake.renew(f.subscriptionId, 'failed');
    await deliver('invoice.payment_failed', fake.invoice(invoice.id));
    expect(await rawStudent(f.studentId)).toMatchObject({ subscriptionStatus: 'active', providerStatus: 'past_due' });
    // svc-students is told the status svc-logbook lets log by.
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'active', nextStep: 'payment_needed' });
    expect(await mailText(f.email, 'payment_failed')).toContain('logging new sessions goes on meanwhile');

    // Stripe gives up: unpaid. Logging stops until it is paid.
    fake.markUnpaid(f.subscriptionId);
    await deliver('customer.subscription.updated', fake.subscription(f.subscriptionId));
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'past_due', nextStep: 'payment_needed' });
  });

  it('a pause after the final failed payment is owed, not an expired trial: the parent pays it and it resumes', async () => {
    const f = await activeFamily();
    const invoice = fake.renew(f.subscriptionId, 'failed');
    fake.pauseAfterFailedPayment(f.subscriptionId, 'final_payment_failure');
    await deliver('customer.subscription.paused', fake.subscription(f.subscriptionId));
    expect(await rawStudent(f.studentId)).toMatchObject({
      subscriptionStatus: 'past_due',
      providerStatus: 'paused',
      pauseCause: 'final_payment_failure',
    });
    const pay = await request(app)
      .post('/api/billing/payment')
      .set('Cookie', f.cookie)
      .send({ studentId: f.studentId });
    expect(pay.status).toBe(200);
    expect(pay.body).toEqual({
      subscriptionId: f.subscriptionId,
      clientSecret: fake.intents.get(fake.invoices.get(invoice.id)!.paymentIntent!)!.clientSecret,
      type: 'payment',
    });
    fake.payLatestInvoice(f.subscriptionId);
    await deliver('invoice.paid', fake.invoice(invoice.id));
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'active', nextStep: null });
  });

  it("'Pay now' pays the oldest bill still owed first", async () => {
    const f = await activeFamily();
    const first = fake.renew(f.subscriptionId, 'failed');
    first.created -= 30 * 86_400;
    const second = fake.renew(f.subscriptionId, 'failed');
    fake.markUnpaid(f.subscriptionId);
    await deliver('customer.subscription.updated', fake.subscription(f.subscriptionId));
    const secretOf = (invoiceId: string) =>
      fake.intents.get(fake.invoices.get(invoiceId)!.paymentIntent!)!.clientSecret;

    const pay = await post('/api/billing/payment', f.cookie, f.studentId);
    expect(pay.status).toBe(200);
    expect(pay.body.clientSecret).toBe(secretOf(first.id));
    fake.invoices.get(first.id)!.status = 'paid';
    const next = await post('/api/billing/payment', f.cookie, f.studentId);
    expect(next.body.clientSecret).toBe(secretOf(second.id));
  });

  it('a trial paused with no card is still told apart: nothing to pay, cancel and subscribe again', async () => {
    const f = await trialFamily();
    fake.subscriptionStates.get(f.subscriptionId)!.missingPaymentMethod = 'pause';
    fake.endTrial(f.subscriptionId);
    await deliver('customer.subscription.paused', fake.subscription(f.subscriptionId));
    expect(await rawStudent(f.studentId)).toMatchObject({
      subscriptionStatus: 'incomplete',
      pauseCause: 'trial_end_without_payment_method',
    });
    const pay = await request(app)
      .post('/api/billing/payment')
      .set('Cookie', f.cookie)
      .send({ studentId: f.studentId });
    expect(pay.status).toBe(409);
    expect(pay.body).toEqual({ message: BILLING_ERRORS.pausedTrial });
  });
});

describe('a customer deleted in Stripe', () => {
  it('is made again for the next subscription, with a key of its own, instead of blocking the family', async () => {
    const f = await trialFamily();
    const first = fake.subscriptionStates.get(f.subscriptionId)!.customer;
    fake.deleteCustomer(first);
    await deliver('customer.subscription.deleted', fake.subscription(f.subscriptionId));
    expect((await view(f.cookie, f.studentId)).body.status).toBe('canceled');

    fake.reset();
    const again = await create(f.cookie, f.studentId);
    expect(again.status).toBe(200);
    const made = fake.subscriptionStates.get(again.body.subscriptionId as string)!;
    expect(made.customer).not.toBe(first);
    expect(fake.customers.has(made.customer)).toBe(true);
    const [customerCall] = fake.calls('POST', '/v1/customers');
    expect(customerCall.headers['idempotency-key']).toContain(`-after-${first}`);
  });

  it('its customer.deleted event cancels the students it billed and forgets it: the next subscription makes a new customer at once', async () => {
    const f = await activeFamily();
    const first = fake.subscriptionStates.get(f.subscriptionId)!.customer;
    expect((await BillingCustomerModel.findById(f.userId).lean())?.stripeCustomerId).toBe(first);
    fake.deleteCustomer(first);
    // Only the customer's own event has arrived (the subscription's is late).
    await deliver('customer.deleted', { id: first, object: 'customer', deleted: true });
    expect(fake.calls('GET', `/v1/customers/${first}`)).toHaveLength(1);
    expect((await rawStudent(f.studentId))!.subscriptionStatus).toBe('canceled');
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect((await BillingCustomerModel.findById(f.userId).lean())?.deletedAt).toBeInstanceOf(Date);

    fake.reset();
    const again = await create(f.cookie, f.studentId);
    expect(again.status).toBe(200);
    const made = fake.subscriptionStates.get(again.body.subscriptionId as string)!;
    expect(made.customer).not.toBe(first);
    // The deleted customer is never named again.
    expect(fake.calls('POST', '/v1/subscriptions').map((c) => c.body.customer)).toEqual([made.customer]);
    const [customerCall] = fake.calls('POST', '/v1/customers');
    expect(customerCall.headers['idempotency-key']).toContain(`-after-${first}`);
    expect(await BillingCustomerModel.findById(f.userId).lean()).toMatchObject({ stripeCustomerId: made.customer });
    expect((await BillingCustomerModel.findById(f.userId).lean())?.deletedAt ?? null).toBeNull();
  });

  it('a customer.deleted event for a customer Stripe still has changes nothing', async () => {
    const f = await activeFamily();
    const customer = fake.subscriptionStates.get(f.subscriptionId)!.customer;
    await deliver('customer.deleted', { id: customer, object: 'customer', deleted: true });
    expect((await rawStudent(f.studentId))!.subscriptionStatus).toBe('active');
    expect((await BillingCustomerModel.findById(f.userId).lean())?.stripeCustomerId).toBe(customer);
  });
});

describe('the Stripe-shaped server refuses what Stripe refuses', () => {
  const stripe = () =>
    new Stripe('sk_test_lifecycle', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });

  it('refuses unknown parameters, bad expands and inactive prices, with the errors Stripe gives', async () => {
    const client = stripe();
    const customer = await client.customers.create({ email: 'strict@example.com' });
    const unknown = await client.customers
      .create({ email: 'x@example.com', nickname: 'nope' } as Stripe.CustomerCreateParams)
      .catch((err: unknown) => err);
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknown).toMatchObject({ code: 'parameter_unknown', param: 'nickname', statusCode: 400 });

    const price = await client.prices.create({
      currency: 'aud',
      unit_amount: 99,
      recurring: { interval: 'month' },
      product_data: { name: 'strict' },
    });
    const badExpand = await client.subscriptions
      .create({ customer: customer.id, items: [{ price: price.id }], expand: ['latest_invoice.nothing'] })
      .catch((err: unknown) => err);
    expect(badExpand).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((badExpand as Error).message).toBe('This property cannot be expanded (latest_invoice.nothing).');

    fake.prices.find((p) => p.id === price.id)!.active = false;
    const inactive = await client.subscriptions
      .create({ customer: customer.id, items: [{ price: price.id }] })
      .catch((err: unknown) => err);
    expect(inactive).toMatchObject({ param: 'items[0][price]', statusCode: 400 });
    expect(fake.subscriptionStates.size).toBeGreaterThan(0);
  });

  it("keeps the key when Stripe says it is still in use (409), so the retry gets the first request's subscription", async () => {
    const family = await makeFamily();
    // Stripe takes longer than the service waits (1 s): the service gives up, Stripe carries on.
    fake.slowNext('POST', /^\/v1\/subscriptions$/, 1_500);
    expect((await create(family.cookie, family.studentId)).status).toBe(504);
    const inUse = await create(family.cookie, family.studentId);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual({ message: BILLING_ERRORS.providerConflict });
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const retry = await create(family.cookie, family.studentId);
    expect(retry.status).toBe(200);
    const made = fake.subscriptionsOf(family.studentId);
    expect(made).toHaveLength(1);
    expect(retry.body.subscriptionId).toBe(made[0].id);
    const keys = new Set(fake.calls('POST', '/v1/subscriptions').map((r) => r.headers['idempotency-key'] as string));
    expect(keys.size).toBe(1);
  });

  it('expires a subscription whose first invoice is unpaid after 23 hours; the student may subscribe again', async () => {
    const f = await trialFamily();
    // The free month is used: the next one is paid from today, and waits on its first invoice.
    await request(app).post('/api/cancel-subscription').set('Cookie', f.cookie).send({ studentId: f.studentId });
    const paid = await create(f.cookie, f.studentId);
    expect(paid.body.type).toBe('payment');
    const id = paid.body.subscriptionId as string;
    await deliver('customer.subscription.created', fake.subscription(id));
    expect((await view(f.cookie, f.studentId)).body.status).toBe('incomplete');

    fake.expireIncomplete(id);
    await deliver('customer.subscription.updated', fake.subscription(id));
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'inactive', nextStep: null });
    expect(await SubscriptionRecordModel.findById(f.studentId).lean()).toBeNull();
    const again = await create(f.cookie, f.studentId);
    expect(again.status).toBe(200);
    expect(again.body.subscriptionId).not.toBe(id);
  });
});

describe('GST', () => {
  const stripe = () =>
    new Stripe('sk_test_lifecycle', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });

  /** The subscription create call made for the student. */
  const madeFor = (studentId: number) =>
    fake
      .calls('POST', '/v1/subscriptions')
      .find((c) => (c.body.metadata as { studentId?: string } | undefined)?.studentId === String(studentId))!;

  it('every subscription carries the GST included in A$0.99, so its invoices show the GST part', async () => {
    const f = await activeFamily();
    const [rateId] = madeFor(f.studentId).body.default_tax_rates as string[];
    const rate = await stripe().taxRates.retrieve(rateId);
    expect(rate).toMatchObject({ display_name: 'GST', percentage: 10, inclusive: true, country: 'AU', active: true });

    const renewal = fake.renew(f.subscriptionId, 'failed');
    const invoice = await stripe().invoices.retrieve(renewal.id);
    expect(invoice.amount_due).toBe(99);
    expect(invoice.total_taxes).toEqual([
      expect.objectContaining({ amount: 9, tax_behavior: 'inclusive', tax_rate_details: { tax_rate: rateId } }),
    ]);

    // The rate is made once: the next family's subscription carries the same one.
    const next = await activeFamily();
    expect(madeFor(next.studentId).body.default_tax_rates).toEqual([rateId]);
    expect(fake.taxRates.size).toBe(1);
  });

  it('a configured rate that adds tax on top, or a configured price that is not A$0.99 a month incl. GST, is refused', async () => {
    const provider = (options: { taxRateId?: string; priceId?: string }) =>
      new StripeProvider({
        secretKey: 'sk_test_lifecycle',
        host: '127.0.0.1',
        port: fake.port,
        protocol: 'http',
        maxNetworkRetries: 0,
        ...options,
      });
    const onTop = await stripe().taxRates.create({
      display_name: 'GST',
      percentage: 10,
      inclusive: false,
      country: 'AU',
    });
    await expect(provider({ taxRateId: onTop.id }).checkPrice()).rejects.toThrow(
      /not GST of 10% included in the price: tax added on top/,
    );

    fake.prices.push({
      id: 'price_configured_exclusive',
      object: 'price',
      active: true,
      currency: 'aud',
      unit_amount: 99,
      recurring: { interval: 'month', interval_count: 1 },
      lookup_key: null,
      tax_behavior: 'exclusive',
      type: 'recurring',
    });
    await expect(provider({ priceId: 'price_configured_exclusive' }).checkPrice()).rejects.toThrow(
      /price price_configured_exclusive is not 99 AUD cents a month, tax included: tax_behavior exclusive\. Set STRIPE_PRICE_ID/,
    );
    fake.prices.find((p) => p.id === 'price_configured_exclusive')!.tax_behavior = 'inclusive';
    await expect(provider({ priceId: 'price_configured_exclusive' }).checkPrice()).resolves.toBeUndefined();
  });
});

describe('the price found by its lookup key', () => {
  it('is checked: a price holding the key that is not A$0.99 a month is never charged (tried: USD 9.99 yearly)', async () => {
    for (const price of fake.prices) if (price.lookup_key === PRICE_LOOKUP_KEY) price.lookup_key = null;
    fake.prices.push({
      id: 'price_usd_yearly',
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: 999,
      recurring: { interval: 'year', interval_count: 1 },
      lookup_key: PRICE_LOOKUP_KEY,
      type: 'recurring',
    });
    try {
      const provider = new StripeProvider({
        secretKey: 'sk_test_lifecycle',
        host: '127.0.0.1',
        port: fake.port,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      // What keeps the service from starting with it.
      await expect(provider.checkPrice()).rejects.toThrow(PriceRefused);
      await expect(provider.checkPrice()).rejects.toThrow(/currency usd, amount 999, interval 1 year/);

      const fresh = createApp(config);
      const family = await makeFamily();
      const res = await request(fresh)
        .post('/api/create-subscription')
        .set('Cookie', family.cookie)
        .send({ studentId: family.studentId });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: BILLING_ERRORS.providerUnauthorised });
      expect(fake.subscriptionsOf(family.studentId)).toHaveLength(0);
    } finally {
      const wrong = fake.prices.find((p) => p.id === 'price_usd_yearly')!;
      wrong.lookup_key = null;
      wrong.active = false;
    }
  });

  it('is made tax inclusive when the service makes it', async () => {
    for (const price of fake.prices) if (price.lookup_key === PRICE_LOOKUP_KEY) price.lookup_key = null;
    const fresh = createApp(config);
    const family = await makeFamily();
    fake.reset();
    const res = await request(fresh)
      .post('/api/create-subscription')
      .set('Cookie', family.cookie)
      .send({ studentId: family.studentId });
    expect(res.status).toBe(200);
    const [made] = fake.calls('POST', '/v1/prices');
    expect(made.body).toMatchObject({ currency: 'aud', unit_amount: '99', tax_behavior: 'inclusive' });
  });
});

describe('the look-up after an unknown outcome', () => {
  it("reads every page of the customer's subscriptions, so one beyond the first hundred is found", async () => {
    const family = await makeFamily();
    fake.failAfterWork('POST', /^\/v1\/subscriptions$/, 500);
    expect((await create(family.cookie, family.studentId)).status).toBe(502);
    const [made] = fake.subscriptionsOf(family.studentId);
    // The family's other subscriptions, all newer: the student's is on the second page.
    for (let i = 0; i < 105; i++) {
      const id = `sub_other_${family.userId}_${i}`;
      fake.subscriptionStates.set(id, { ...made, id, metadata: { studentId: '0' }, created: made.created + 1 + i });
    }
    const retry = await create(family.cookie, family.studentId);
    expect(retry.status).toBe(200);
    expect(retry.body.subscriptionId).toBe(made.id);
    expect(fake.subscriptionsOf(family.studentId)).toHaveLength(1);
    expect(fake.calls('GET', '/v1/subscriptions').length).toBeGreaterThan(1);
  });
});

const post = (path: string, cookie: string, studentId: number) =>
  request(app).post(path).set('Cookie', cookie).send({ studentId });

/** The trial's free month is over and the first renewal is paid: a running subscription, card saved. */
async function paidFamily() {
  const f = await activeFamily();
  const state = fake.subscriptionStates.get(f.subscriptionId)!;
  state.status = 'active';
  state.trialEnd = null;
  await deliver('customer.subscription.updated', fake.subscription(f.subscriptionId));
  expect(await rawStudent(f.studentId)).toMatchObject({ subscriptionStatus: 'active', providerStatus: 'active' });
  return f;
}

describe("a parent's cancel", () => {
  it('ends the subscription at the end of the period paid for: logging goes on until then, and Resume takes it back', async () => {
    const f = await paidFamily();
    const periodEnd = new Date(fake.subscriptionStates.get(f.subscriptionId)!.periodEnd * 1000).toISOString();
    const earlier = fake.calls('POST', `/v1/subscriptions/${f.subscriptionId}`).length;

    const cancel = await post('/api/cancel-subscription', f.cookie, f.studentId);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd });
    const [update] = fake.calls('POST', `/v1/subscriptions/${f.subscriptionId}`).slice(earlier);
    expect(update.body).toEqual({ cancel_at_period_end: 'true' });
    expect(fake.calls('DELETE', `/v1/subscriptions/${f.subscriptionId}`)).toHaveLength(0);
    expect(fake.subscriptionStates.get(f.subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    // Stripe's event, read back, keeps the student active (svc-logbook lets them log) and set to end.
    await deliver('customer.subscription.updated', fake.subscription(f.subscriptionId));
    expect(await rawStudent(f.studentId)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionCancelAtPeriodEnd: true,
    });
    // Cancel again while it is set to end: still the same, nothing ended early.
    expect((await post('/api/cancel-subscription', f.cookie, f.studentId)).body).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });

    const resume = await post('/api/billing/resume', f.cookie, f.studentId);
    expect(resume.status).toBe(200);
    expect(resume.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(fake.subscriptionStates.get(f.subscriptionId)!.cancelAtPeriodEnd).toBe(false);
    await deliver('customer.subscription.updated', fake.subscription(f.subscriptionId));
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    // Nothing is set to end any more: nothing to resume.
    const again = await post('/api/billing/resume', f.cookie, f.studentId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BILLING_ERRORS.nothingToResume);
  });

  it('during a trial ends it at the trial end, never charged; Stripe cancels it then and the student is canceled', async () => {
    const f = await activeFamily();
    const cancel = await post('/api/cancel-subscription', f.cookie, f.studentId);
    expect(cancel.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(fake.endPeriod(f.subscriptionId)).toBe('canceled');
    await deliver('customer.subscription.deleted', fake.subscription(f.subscriptionId));
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    const renewals = [...fake.invoices.values()].filter(
      (i) => i.subscription === f.subscriptionId && i.billingReason === 'subscription_cycle',
    );
    expect(renewals).toHaveLength(0);
  });

  it('ends at once what is not running with a card (waiting for one, or owed)', async () => {
    const waiting = await trialFamily();
    const canceled = await post('/api/cancel-subscription', waiting.cookie, waiting.studentId);
    expect(canceled.body).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect(fake.subscriptionStates.get(waiting.subscriptionId)!.status).toBe('canceled');

    const owed = await activeFamily();
    fake.renew(owed.subscriptionId, 'failed');
    fake.markUnpaid(owed.subscriptionId);
    await deliver('customer.subscription.updated', fake.subscription(owed.subscriptionId));
    expect((await post('/api/cancel-subscription', owed.cookie, owed.studentId)).body.status).toBe('canceled');
    expect(fake.subscriptionStates.get(owed.subscriptionId)!.status).toBe('canceled');
  });

  it('is not how a removed student or a closed account ends: those cancel at once', async () => {
    const removed = await paidFamily();
    // Its only update so far: the trial's card made its default.
    const earlier = fake.calls('POST', `/v1/subscriptions/${removed.subscriptionId}`).length;
    const one = await request(app)
      .post(`/internal/students/${removed.studentId}/cancel`)
      .set(internalHeaders())
      .send({});
    expect(one.status).toBe(200);
    expect(fake.subscriptionStates.get(removed.subscriptionId)!.status).toBe('canceled');
    expect(fake.calls('POST', `/v1/subscriptions/${removed.subscriptionId}`)).toHaveLength(earlier);

    const closing = await paidFamily();
    const all = await request(app).post(`/internal/families/${closing.userId}/cancel`).set(internalHeaders()).send({});
    expect(all.status).toBe(200);
    expect(fake.subscriptionStates.get(closing.subscriptionId)!.status).toBe('canceled');
  });
});

describe('a disputed payment', () => {
  /** A second student of the family, subscribed and paid up. */
  async function secondPaidStudent(f: Awaited<ReturnType<typeof paidFamily>>) {
    const studentId = await addStudent(f.userId);
    const res = await create(f.cookie, studentId);
    expect(res.status).toBe(200);
    const subscriptionId = res.body.subscriptionId as string;
    await deliver('setup_intent.succeeded', fake.setupIntent(fake.confirmSetup(subscriptionId)));
    Object.assign(fake.subscriptionStates.get(subscriptionId)!, { status: 'active', trialEnd: null });
    await deliver('customer.subscription.updated', fake.subscription(subscriptionId));
    return { studentId, subscriptionId };
  }

  it.each(['warning_needs_response', 'prevented'] as const)(
    'a dispute %s takes no money back: nothing is flagged, canceled or sent',
    async (status) => {
      const f = await paidFamily();
      const disputeId = fake.openDispute(f.subscriptionId, status);
      await deliver('charge.dispute.created', fake.dispute(disputeId));
      await deliver('charge.dispute.updated', fake.dispute(disputeId));

      expect(fake.subscriptionStates.get(f.subscriptionId)!.status).toBe('active');
      expect(fake.calls('DELETE', `/v1/subscriptions/${f.subscriptionId}`)).toHaveLength(0);
      expect((await view(f.cookie, f.studentId)).body).not.toHaveProperty('accountDisputed');
      expect(await mailText(f.email, 'chargeback')).toBeUndefined();
    },
  );

  it("a chargeback cancels the disputed student's subscription only, flags the account and emails the family", async () => {
    const f = await paidFamily();
    const sister = await secondPaidStudent(f);
    const disputeId = fake.openDispute(f.subscriptionId);
    await deliver('charge.dispute.created', fake.dispute(disputeId));

    expect(fake.subscriptionStates.get(f.subscriptionId)!.status).toBe('canceled');
    expect(fake.subscriptionStates.get(sister.subscriptionId)!.status).toBe('active');
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'canceled', accountDisputed: true });
    expect((await view(f.cookie, sister.studentId)).body).toMatchObject({ status: 'active', accountDisputed: true });
    const again = await create(f.cookie, f.studentId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BILLING_ERRORS.accountDisputed);
    expect(fake.subscriptionsOf(f.studentId)).toHaveLength(1);
    expect(await mailText(f.email, 'chargeback')).toContain('was disputed with your bank');

    // Stripe sends the event again, and the inquiry's updates: nothing more happens.
    await deliver('charge.dispute.created', fake.dispute(disputeId));
    await deliver('charge.dispute.updated', fake.dispute(disputeId));
    expect(fake.calls('DELETE', `/v1/subscriptions/${f.subscriptionId}`)).toHaveLength(1);
    expect(await mongoose.connection.collection('mail_queue').countDocuments({ to: f.email, kind: 'chargeback' })).toBe(
      1,
    );
    // Another family is not touched.
    const other = await paidFamily();
    expect((await view(other.cookie, other.studentId)).body).not.toHaveProperty('accountDisputed');
  });

  it('an inquiry that becomes a chargeback is acted on then', async () => {
    const f = await paidFamily();
    const disputeId = fake.openDispute(f.subscriptionId, 'warning_needs_response');
    await deliver('charge.dispute.created', fake.dispute(disputeId));
    expect(fake.subscriptionStates.get(f.subscriptionId)!.status).toBe('active');
    fake.setDisputeStatus(disputeId, 'needs_response');
    await deliver('charge.dispute.updated', fake.dispute(disputeId));
    expect(fake.subscriptionStates.get(f.subscriptionId)!.status).toBe('canceled');
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ accountDisputed: true });
  });

  it('a chargeback won takes the flag off, one lost keeps it', async () => {
    const won = await paidFamily();
    const wonDispute = fake.openDispute(won.subscriptionId);
    await deliver('charge.dispute.created', fake.dispute(wonDispute));
    fake.setDisputeStatus(wonDispute, 'won');
    await deliver('charge.dispute.closed', fake.dispute(wonDispute));
    expect((await view(won.cookie, won.studentId)).body).not.toHaveProperty('accountDisputed');
    const resumed = await create(won.cookie, won.studentId);
    expect([resumed.status, resumed.body.message]).toEqual([200, undefined]);

    const lost = await paidFamily();
    const lostDispute = fake.openDispute(lost.subscriptionId);
    await deliver('charge.dispute.created', fake.dispute(lostDispute));
    fake.setDisputeStatus(lostDispute, 'lost');
    await deliver('charge.dispute.closed', fake.dispute(lostDispute));
    expect((await view(lost.cookie, lost.studentId)).body).toMatchObject({ accountDisputed: true });
  });

  it('a flag kept by account before chargebacks were kept one by one becomes a chargeback', async () => {
    const f = await paidFamily();
    await ChargebackModel.collection.insertOne({
      _id: f.userId as never,
      disputeId: 'dp_kept',
      customerId: 'cus_kept',
      flaggedAt: new Date(),
    });
    await keepFlagsByChargeback();
    expect(await ChargebackModel.findById('dp_kept').lean()).toMatchObject({ accountId: f.userId });
    expect(await ChargebackModel.collection.countDocuments({ disputeId: { $exists: true } })).toBe(0);
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ accountDisputed: true });
  });

  it('keeps the flag past the account: one opened again at the same address is flagged too', async () => {
    const f = await paidFamily();
    await deliver('charge.dispute.created', fake.dispute(fake.openDispute(f.subscriptionId)));
    const closed = await request(app).delete(`/internal/families/${f.userId}`).set(internalHeaders());
    expect(closed.status).toBe(204);
    await mongoose.connection.collection('users').deleteOne({ _id: f.userId as never });

    const again = await makeFamily();
    await mongoose.connection
      .collection('users')
      .updateOne({ _id: again.userId as never }, { $set: { email: ` ${f.email.toUpperCase()}` } });
    expect((await view(again.cookie, again.studentId)).body).toMatchObject({ accountDisputed: true });
    const refused = await create(again.cookie, again.studentId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BILLING_ERRORS.accountDisputed);
  });
});

describe('changing the card before it fails', () => {
  it.each([
    ['a paid subscription', paidFamily],
    ['a trial with a card', activeFamily],
  ])('%s: a SetupIntent for the customer, and its card becomes the subscription default', async (_name, family) => {
    const f = await family();
    const before = fake.subscriptionStates.get(f.subscriptionId)!.defaultPaymentMethod;
    const res = await post('/api/billing/card', f.cookie, f.studentId);
    expect(res.status).toBe(200);
    const intent = [...fake.intents.values()].find((i) => i.clientSecret === res.body.clientSecret)!;
    expect(res.body).toEqual({ subscriptionId: f.subscriptionId, clientSecret: intent.clientSecret, type: 'setup' });
    expect(intent).toMatchObject({
      object: 'setup_intent',
      customer: fake.subscriptionStates.get(f.subscriptionId)!.customer,
      status: 'requires_payment_method',
    });
    const card = fake.confirmSetupIntent(intent.id);
    expect(card).not.toBe(before);
    await deliver('setup_intent.succeeded', fake.setupIntent(intent.id));
    expect(fake.subscriptionStates.get(f.subscriptionId)!.defaultPaymentMethod).toBe(card);
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'active', nextStep: null });
    // The next renewal is charged to the new card.
    const renewal = fake.renew(f.subscriptionId, 'failed');
    expect(fake.intents.get(fake.invoices.get(renewal.id)!.paymentIntent!)!.paymentMethod).toBe(card);
  });

  it('leaves the card as it is until the new one is confirmed, and is refused without a running card', async () => {
    const f = await paidFamily();
    const before = fake.subscriptionStates.get(f.subscriptionId)!.defaultPaymentMethod;
    const earlier = fake.calls('POST', `/v1/subscriptions/${f.subscriptionId}`).length;
    const res = await post('/api/billing/card', f.cookie, f.studentId);
    const intent = [...fake.intents.values()].find((i) => i.clientSecret === res.body.clientSecret)!;
    // Stripe's event for a SetupIntent that has not succeeded (read back): the card stays.
    await deliver('setup_intent.succeeded', fake.setupIntent(intent.id));
    expect(fake.subscriptionStates.get(f.subscriptionId)!.defaultPaymentMethod).toBe(before);
    expect(fake.calls('POST', `/v1/subscriptions/${f.subscriptionId}`)).toHaveLength(earlier);

    const waiting = await trialFamily();
    const refused = await post('/api/billing/card', waiting.cookie, waiting.studentId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BILLING_ERRORS.noCardToChange);
    const stranger = await makeFamily();
    expect((await post('/api/billing/card', stranger.cookie, f.studentId)).status).toBe(404);
  });
});

describe('events worked by more than one replica', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  /** Sends a signed event and answers once it is stored; its work goes on in the background. */
  async function send(event: ReturnType<typeof fake.event>) {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await request(app)
      .post('/api/stripe/webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', header)
      .send(payload);
    expect(res.status).toBe(200);
  }
  async function until(check: () => boolean | Promise<boolean>) {
    for (let i = 0; i < 200 && !(await check()); i++) await sleep(25);
    expect(await check()).toBe(true);
  }
  /** Every event was worked through (none waits for a retry after a time-out). */
  const everyEventWorked = async () =>
    expect(await BillingEventModel.find({ state: { $ne: 'done' } }).lean()).toEqual([]);
  const subscriptionReads = (id: string) => fake.calls('GET', `/v1/subscriptions/${id}`).length;
  /** Everything but Date stays real: this process's clock is moved as a replica's may be. */
  const clockAhead = (ms: number) =>
    jest.useFakeTimers({
      now: Date.now() + ms,
      advanceTimers: true,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
  afterEach(() => jest.useRealTimers());

  it("orders by the event's own time, not a replica's clock: a read made before a newer change and written after it does not win", async () => {
    const f = await activeFamily();
    const reads = subscriptionReads(f.subscriptionId);
    await sleep(1100);
    const older = fake.event('customer.subscription.updated', fake.subscription(f.subscriptionId));
    // A replica whose clock runs two minutes ahead reads the subscription (still active); the answer reaches it late.
    fake.answerLate('GET', new RegExp(`^/v1/subscriptions/${f.subscriptionId}$`), 700);
    clockAhead(120_000);
    await send(older);
    await until(() => subscriptionReads(f.subscriptionId) > reads);
    jest.useRealTimers();

    // Meanwhile the renewal fails, and another replica (its clock right) writes the newer event first.
    const invoice = fake.renew(f.subscriptionId, 'failed');
    await send(fake.event('invoice.payment_failed', fake.invoice(invoice.id), { created: older.created + 1 }));
    await until(async () => (await rawStudent(f.studentId))!.providerStatus === 'past_due');
    await eventsSettled();
    await everyEventWorked();
    const student = (await rawStudent(f.studentId))!;
    expect(student.providerStatus).toBe('past_due');
    expect(student.subscriptionEventAt).toEqual(new Date((older.created + 1) * 1000));
    expect((await view(f.cookie, f.studentId)).body.nextStep).toBe('payment_needed');
  });

  it('two events of the same second: the one written second reads Stripe again, so the newer state stays', async () => {
    const f = await activeFamily();
    const reads = subscriptionReads(f.subscriptionId);
    await sleep(1100);
    const created = nowSeconds();
    fake.answerLate('GET', new RegExp(`^/v1/subscriptions/${f.subscriptionId}$`), 700);
    await send(fake.event('customer.subscription.updated', fake.subscription(f.subscriptionId), { created }));
    await until(() => subscriptionReads(f.subscriptionId) > reads);
    const invoice = fake.renew(f.subscriptionId, 'failed');
    await send(fake.event('invoice.payment_failed', fake.invoice(invoice.id), { created }));
    await eventsSettled();
    await everyEventWorked();
    expect((await rawStudent(f.studentId))!.providerStatus).toBe('past_due');
    // The late one read once more.
    expect(subscriptionReads(f.subscriptionId)).toBe(reads + 3);
  });

  it("writes the parent's cancel at the period's end under the same guard: a state read before it and written after it does not take it back", async () => {
    const f = await activeFamily();
    const reads = subscriptionReads(f.subscriptionId);
    await sleep(1100);
    const before = fake.event('customer.subscription.updated', fake.subscription(f.subscriptionId));
    fake.answerLate('GET', new RegExp(`^/v1/subscriptions/${f.subscriptionId}$`), 700);
    await send(before);
    await until(() => subscriptionReads(f.subscriptionId) > reads);
    const canceled = await request(app)
      .post('/api/cancel-subscription')
      .set('Cookie', f.cookie)
      .send({ studentId: f.studentId });
    expect(canceled.status).toBe(200);
    expect(canceled.body.cancelAtPeriodEnd).toBe(true);
    await eventsSettled();
    await everyEventWorked();
    const student = (await rawStudent(f.studentId))!;
    expect(student.subscriptionCancelAtPeriodEnd).toBe(true);
    expect(student.subscriptionEventAt!.getTime()).toBeGreaterThanOrEqual(before.created * 1000);
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });
});
