import request from 'supertest';
import Stripe from 'stripe';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { PRICE_LOOKUP_KEY } from '@logbook/contracts/constants';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createApp } from '../src/app';
import { createCoupon } from '../src/coupons/coupons';
import { CouponModel } from '../src/coupons/model';
import { BillingCustomerModel, SubscriptionRecordModel } from '../src/subscriptions/model';
import { FakeStripe } from './fake-stripe';
import { addStudent, makeFamily, rawStudent, testConfig, testModels, WEBHOOK_SECRET } from './fixtures';

const fake = new FakeStripe();

function makeApp(extra: Record<string, string> = {}) {
  return createApp(
    testConfig({
      STRIPE_SECRET_KEY: 'sk_test_contract',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_contract',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(fake.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_MAX_NETWORK_RETRIES: '0',
      STRIPE_TIMEOUT_MS: '500',
      ...extra,
    }),
  );
}

let app: ReturnType<typeof makeApp>;

beforeAll(async () => {
  await setupTestDatabase(testModels);
  await fake.start();
  app = makeApp();
});
afterAll(async () => {
  await fake.stop();
  await teardownTestDatabase();
});
beforeEach(() => fake.reset());

const create = (cookie: string, body: Record<string, unknown>) =>
  request(app).post('/api/create-subscription').set('Cookie', cookie).send(body);
const subscriptionCreates = (studentId: number) =>
  fake
    .calls('POST', '/v1/subscriptions')
    .filter((r) => (r.body.metadata as Record<string, string>)?.studentId === String(studentId));

describe('Stripe provider: what is sent', () => {
  it('tells the browser it is Stripe, with the publishable key', async () => {
    const res = await request(app).get('/api/billing/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_contract' });
  });

  it('creates the customer, the monthly price and a 30-day trial subscription with the fields Stripe needs', async () => {
    const fresh = makeApp();
    const family = await makeFamily();
    const res = await request(fresh)
      .post('/api/create-subscription')
      .set('Cookie', family.cookie)
      .send({ studentId: family.studentId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      subscriptionId: expect.stringMatching(/^sub_/),
      clientSecret: expect.stringMatching(/^seti_.+_secret_/),
      type: 'setup',
    });

    const [customer] = fake.calls('POST', '/v1/customers');
    expect(customer.body).toEqual({ email: family.email, metadata: { userId: String(family.userId) } });
    expect(customer.headers['idempotency-key']).toMatch(new RegExp(`^customer-${family.userId}-`));

    const [lookup] = fake.calls('GET', '/v1/prices');
    expect(lookup.query).toEqual({ lookup_keys: [PRICE_LOOKUP_KEY], limit: '1' });
    const [price] = fake.calls('POST', '/v1/prices');
    expect(price.body).toMatchObject({
      currency: 'aud',
      unit_amount: '99',
      recurring: { interval: 'month' },
      lookup_key: PRICE_LOOKUP_KEY,
      transfer_lookup_key: 'true',
    });

    const { stripeCustomerId } = (await BillingCustomerModel.findById(family.userId).lean())!;
    expect(stripeCustomerId).toMatch(/^cus_/);
    const [sub] = fake.calls('POST', '/v1/subscriptions');
    expect(sub.body).toEqual({
      customer: stripeCustomerId,
      items: [{ price: fake.prices[0].id }],
      default_tax_rates: [[...fake.taxRates.keys()][0]],
      trial_period_days: '30',
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
      metadata: { studentId: String(family.studentId) },
    });
    expect(sub.headers['idempotency-key']).toMatch(new RegExp(`^subscription-${family.studentId}-[0-9a-f-]{36}$`));
    for (const call of fake.requests) {
      expect(call.headers['stripe-version']).toBe(Stripe.API_VERSION);
      expect(call.headers.authorization).toBe('Bearer sk_test_contract');
    }
    expect(Stripe.API_VERSION).toMatch(/^2026-10-28/);

    // The status waits for Stripe's events.
    const state = await request(fresh).get(`/api/subscription/${family.studentId}`).set('Cookie', family.cookie);
    expect(state.body).toMatchObject({ studentId: family.studentId, status: 'inactive' });
  });

  it('uses a configured price without looking one up, and finds an existing price by its lookup key', async () => {
    fake.prices.push({
      id: 'price_configured',
      object: 'price',
      active: true,
      currency: 'aud',
      unit_amount: 99,
      recurring: { interval: 'month', interval_count: 1 },
      lookup_key: null,
      tax_behavior: 'inclusive',
      type: 'recurring',
    });
    const configured = makeApp({ STRIPE_PRICE_ID: 'price_configured' });
    const f = await makeFamily();
    const res = await request(configured)
      .post('/api/create-subscription')
      .set('Cookie', f.cookie)
      .send({ studentId: f.studentId });
    expect(res.status).toBe(200);
    expect(subscriptionCreates(f.studentId)[0].body.items).toEqual([{ price: 'price_configured' }]);
    // Read to be checked, never looked up by its key.
    expect(fake.calls('GET', '/v1/prices/price_configured')).toHaveLength(1);
    expect(fake.calls('GET', '/v1/prices')).toHaveLength(0);
    expect(fake.calls('POST', '/v1/prices')).toHaveLength(0);

    // A fresh process finds the price made earlier instead of making another.
    expect(fake.prices.length).toBeGreaterThan(0);
    const restarted = makeApp();
    const g = await makeFamily();
    expect(
      (
        await request(restarted)
          .post('/api/create-subscription')
          .set('Cookie', g.cookie)
          .send({ studentId: g.studentId })
      ).status,
    ).toBe(200);
    expect(fake.calls('GET', '/v1/prices')).toHaveLength(1);
    expect(fake.calls('POST', '/v1/prices')).toHaveLength(0);
    expect(subscriptionCreates(g.studentId)[0].body.items).toEqual([{ price: fake.prices[0].id }]);
    // And the GST rate made earlier, by its metadata.
    expect(fake.calls('POST', '/v1/tax_rates')).toHaveLength(0);
    expect(subscriptionCreates(g.studentId)[0].body.default_tax_rates).toEqual([...fake.taxRates.keys()]);
  });

  it('reuses the account customer and the price for a second student, and a waiting subscription for the same one', async () => {
    const family = await makeFamily();
    const first = await create(family.cookie, { studentId: family.studentId });
    expect(first.status).toBe(200);
    const secondStudent = await addStudent(family.userId);
    fake.reset();
    const second = await create(family.cookie, { studentId: secondStudent });
    expect(second.status).toBe(200);
    expect(second.body.subscriptionId).not.toBe(first.body.subscriptionId);
    expect(fake.calls('POST', '/v1/customers')).toHaveLength(0);
    expect(fake.calls('GET', '/v1/prices')).toHaveLength(0);
    const { stripeCustomerId } = (await BillingCustomerModel.findById(family.userId).lean())!;
    expect(subscriptionCreates(secondStudent)[0].body.customer).toBe(stripeCustomerId);

    fake.reset();
    const again = await create(family.cookie, { studentId: family.studentId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(fake.calls('POST', '/v1/subscriptions')).toHaveLength(0);
  });

  it('keeps a trial that needs no card set-up (a card already on file) and tells the browser there is nothing to confirm', async () => {
    const family = await makeFamily();
    const first = await create(family.cookie, { studentId: family.studentId });
    expect(first.status).toBe(200);
    const sibling = await addStudent(family.userId);
    const { stripeCustomerId } = (await BillingCustomerModel.findById(family.userId).lean())!;
    fake.giveCardOnFile(stripeCustomerId);
    fake.reset();
    const res = await create(family.cookie, { studentId: sibling });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ subscriptionId: expect.stringMatching(/^sub_/), clientSecret: null, type: 'none' });
    // Healthy at Stripe, so kept: never canceled for lacking a secret.
    expect(fake.calls('DELETE', /^\/v1\/subscriptions\//)).toHaveLength(0);
    expect(fake.subscriptionStates.get(res.body.subscriptionId)!.status).toBe('trialing');
    // Asked again, the same subscription comes back.
    const again = await create(family.cookie, { studentId: sibling });
    expect(again.body).toEqual(res.body);
    expect(fake.subscriptionsOf(sibling)).toHaveLength(1);
  });

  it('keeps an active subscription paid at once with the card on file (no trial left)', async () => {
    const family = await makeFamily();
    expect((await create(family.cookie, { studentId: family.studentId })).status).toBe(200);
    const cancel = await request(app)
      .post('/api/cancel-subscription')
      .set('Cookie', family.cookie)
      .send({ studentId: family.studentId });
    expect(cancel.status).toBe(200);
    const { stripeCustomerId } = (await BillingCustomerModel.findById(family.userId).lean())!;
    fake.giveCardOnFile(stripeCustomerId);
    const res = await create(family.cookie, { studentId: family.studentId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ clientSecret: null, type: 'none' });
    expect(fake.subscriptionStates.get(res.body.subscriptionId)!.status).toBe('active');
    expect(fake.calls('DELETE', `/v1/subscriptions/${res.body.subscriptionId}`)).toHaveLength(0);
  });

  it('gives each student one free trial: after a cancel the next subscription asks Stripe for none and is paid now', async () => {
    const family = await makeFamily();
    const status = () => request(app).get(`/api/subscription/${family.studentId}`).set('Cookie', family.cookie);
    expect((await status()).body).toMatchObject({ status: 'inactive', trialAvailable: true });

    const first = await create(family.cookie, { studentId: family.studentId });
    expect(first.status).toBe(200);
    expect(first.body.type).toBe('setup');
    expect(subscriptionCreates(family.studentId)[0].body.trial_period_days).toBe('30');
    expect((await status()).body.trialAvailable).toBe(false);

    const canceled = await request(app)
      .post('/api/cancel-subscription')
      .set('Cookie', family.cookie)
      .send({ studentId: family.studentId });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', trialAvailable: false });

    const again = await create(family.cookie, { studentId: family.studentId });
    expect(again.status).toBe(200);
    expect(again.body.subscriptionId).not.toBe(first.body.subscriptionId);
    // No trial: the browser pays the first invoice with its confirmation secret (confirmPayment).
    expect(again.body).toMatchObject({ type: 'payment', clientSecret: expect.stringMatching(/^pi_.+_secret_/) });
    const [, second] = subscriptionCreates(family.studentId);
    expect(second.body).not.toHaveProperty('trial_period_days');
    expect(second.body).toMatchObject({
      payment_behavior: 'default_incomplete',
      expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
    });
    expect((await status()).body.trialAvailable).toBe(false);

    // Another student of the same family still has theirs.
    const sibling = await addStudent(family.userId);
    const siblingStatus = await request(app).get(`/api/subscription/${sibling}`).set('Cookie', family.cookie);
    expect(siblingStatus.body.trialAvailable).toBe(true);
    expect((await create(family.cookie, { studentId: sibling })).body.type).toBe('setup');
    expect(subscriptionCreates(sibling)[0].body.trial_period_days).toBe('30');
  });

  it('applies a coupon as a percent-off Stripe coupon and counts its use', async () => {
    await createCoupon({ code: 'HALFOFF', discountPercent: 50, maxUses: 10 });
    const family = await makeFamily();
    const res = await create(family.cookie, { studentId: family.studentId, couponCode: 'halfoff' });
    expect(res.status).toBe(200);
    const [coupon] = fake.calls('POST', '/v1/coupons');
    expect(coupon.body).toMatchObject({ id: 'logbook-HALFOFF-50', percent_off: '50', duration: 'forever' });
    expect(subscriptionCreates(family.studentId)[0].body.discounts).toEqual([{ coupon: 'logbook-HALFOFF-50' }]);
    expect((await CouponModel.findOne({ code: 'HALFOFF' }).lean())!.usedCount).toBe(1);

    // The Stripe coupon is made once.
    const other = await makeFamily();
    fake.reset();
    expect((await create(other.cookie, { studentId: other.studentId, couponCode: 'HALFOFF' })).status).toBe(200);
    expect(fake.calls('POST', '/v1/coupons')).toHaveLength(0);
    expect(fake.calls('GET', '/v1/coupons/logbook-HALFOFF-50')).toHaveLength(1);
  });

  it('makes one Stripe subscription when two requests for a student race', async () => {
    const family = await makeFamily();
    const [a, b] = await Promise.all([
      create(family.cookie, { studentId: family.studentId }),
      create(family.cookie, { studentId: family.studentId }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.subscriptionId).toBe(b.body.subscriptionId);
    expect(subscriptionCreates(family.studentId)).toHaveLength(1);
  });

  it('cancels with Stripe and marks the student canceled', async () => {
    const family = await makeFamily();
    const created = await create(family.cookie, { studentId: family.studentId });
    const res = await request(app)
      .post('/api/cancel-subscription')
      .set('Cookie', family.cookie)
      .send({ studentId: family.studentId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'canceled', subscriptionId: created.body.subscriptionId });
    expect(fake.calls('DELETE', `/v1/subscriptions/${created.body.subscriptionId}`)).toHaveLength(1);
    expect((await rawStudent(family.studentId))!.subscriptionStatus).toBe('canceled');
  });
});

describe("Stripe provider: Stripe's errors", () => {
  async function expectNothingMade(studentId: number, cookie: string) {
    const state = await request(app).get(`/api/subscription/${studentId}`).set('Cookie', cookie);
    expect(state.body).toMatchObject({ status: 'inactive', subscriptionId: null });
    const student = await rawStudent(studentId);
    expect(student!.subscriptionStatus).toBe('inactive');
    expect(student!.stripeSubscriptionId).toBeUndefined();
    expect((await SubscriptionRecordModel.findById(studentId).lean())?.state).toBe('failed');
  }

  it('passes a card decline on in the card holder’s words (402) and a retry starts afresh', async () => {
    const family = await makeFamily();
    fake.failNext('POST', /^\/v1\/subscriptions$/, 402, 'card_error', 'Your card was declined.', {
      code: 'card_declined',
    });
    const res = await create(family.cookie, { studentId: family.studentId });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: 'Your card was declined.' });
    await expectNothingMade(family.studentId, family.cookie);

    const retry = await create(family.cookie, { studentId: family.studentId });
    expect(retry.status).toBe(200);
    const [failed, succeeded] = subscriptionCreates(family.studentId);
    expect(succeeded.headers['idempotency-key']).not.toBe(failed.headers['idempotency-key']);
  });

  it('answers 502 with a plain message when Stripe rejects the request (404 invalid request)', async () => {
    const family = await makeFamily();
    fake.failNext('POST', /^\/v1\/subscriptions$/, 404, 'invalid_request_error', "No such price: 'price_gone'", {
      code: 'resource_missing',
    });
    const res = await create(family.cookie, { studentId: family.studentId });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: BILLING_ERRORS.providerRejected });
    await expectNothingMade(family.studentId, family.cookie);
  });

  it('answers 502 when Stripe refuses the key (401), and keeps no customer', async () => {
    const family = await makeFamily();
    fake.failNext('POST', /^\/v1\/customers$/, 401, 'invalid_request_error', 'Invalid API Key provided: sk_test_***');
    const res = await create(family.cookie, { studentId: family.studentId });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: BILLING_ERRORS.providerUnauthorised });
    expect(JSON.stringify(res.body)).not.toContain('sk_test');
    expect((await BillingCustomerModel.findById(family.userId).lean())?.stripeCustomerId).toBeUndefined();
    await expectNothingMade(family.studentId, family.cookie);
  });

  it('answers 502 on a Stripe 500, holds the coupon use for the retry (Stripe may have applied it), and a retry works with a new key', async () => {
    await createCoupon({ code: 'LASTONE', discountPercent: 20, maxUses: 1 });
    const family = await makeFamily();
    fake.failNext('POST', /^\/v1\/subscriptions$/, 500, 'api_error', 'Something went wrong on Stripe’s end.');
    const res = await create(family.cookie, { studentId: family.studentId, couponCode: 'LASTONE' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: BILLING_ERRORS.providerUnavailable });
    await expectNothingMade(family.studentId, family.cookie);
    // Held, not given back: the retry that finds what Stripe made (here nothing) uses it, counted once.
    expect((await CouponModel.findOne({ code: 'LASTONE' }).lean())!.usedCount).toBe(1);

    const retry = await create(family.cookie, { studentId: family.studentId, couponCode: 'LASTONE' });
    expect(retry.status).toBe(200);
    expect((await CouponModel.findOne({ code: 'LASTONE' }).lean())!.usedCount).toBe(1);
    const [failed, succeeded] = subscriptionCreates(family.studentId);
    expect(succeeded.headers['idempotency-key']).not.toBe(failed.headers['idempotency-key']);
  });

  it('answers 504 when Stripe does not answer in time; the retry reuses the key so Stripe cannot make two', async () => {
    const family = await makeFamily();
    fake.hangNext('POST', /^\/v1\/subscriptions$/);
    const res = await create(family.cookie, { studentId: family.studentId });
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ message: BILLING_ERRORS.providerTimeout });
    await expectNothingMade(family.studentId, family.cookie);

    const retry = await create(family.cookie, { studentId: family.studentId });
    expect(retry.status).toBe(200);
    const attempts = subscriptionCreates(family.studentId);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(attempts.map((a) => a.headers['idempotency-key'])).size).toBe(1);
  });

  it('answers 503 when Stripe rate-limits', async () => {
    const family = await makeFamily();
    fake.failNext('POST', /^\/v1\/subscriptions$/, 429, 'invalid_request_error', 'Too many requests', {
      code: 'rate_limit',
    });
    const res = await create(family.cookie, { studentId: family.studentId });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: BILLING_ERRORS.providerBusy });
  });

  it('keeps the student subscribed when Stripe fails to cancel', async () => {
    const family = await makeFamily();
    const created = await create(family.cookie, { studentId: family.studentId });
    fake.failNext('DELETE', /^\/v1\/subscriptions\//, 500, 'api_error', 'Internal error');
    const res = await request(app)
      .post('/api/cancel-subscription')
      .set('Cookie', family.cookie)
      .send({ studentId: family.studentId });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ message: BILLING_ERRORS.providerUnavailable });
    const record = await SubscriptionRecordModel.findById(family.studentId).lean();
    expect(record).toMatchObject({ state: 'created', subscriptionId: created.body.subscriptionId });
    expect((await rawStudent(family.studentId))!.subscriptionStatus).not.toBe('canceled');
  });
});

describe('Stripe provider: an outcome that is not known', () => {
  it('makes exactly one subscription when Stripe makes it and then answers 500: the retry finds it', async () => {
    const family = await makeFamily();
    fake.failAfterWork('POST', /^\/v1\/subscriptions$/, 500);
    const first = await create(family.cookie, { studentId: family.studentId });
    expect(first.status).toBe(502);
    expect(first.body).toEqual({ message: BILLING_ERRORS.providerUnavailable });
    const made = fake.subscriptionsOf(family.studentId);
    expect(made).toHaveLength(1);
    expect(await SubscriptionRecordModel.findById(family.studentId).lean()).toMatchObject({
      state: 'failed',
      outcomeUnknown: true,
      serverError: true,
    });

    const retry = await create(family.cookie, { studentId: family.studentId });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ subscriptionId: made[0].id, type: 'setup' });
    expect(fake.subscriptionsOf(family.studentId)).toHaveLength(1);
    // Found by customer and metadata.studentId, not made again.
    const lookups = fake.calls('GET', '/v1/subscriptions');
    expect(lookups.at(-1)!.query).toMatchObject({ customer: made[0].customer, status: 'all' });
    expect(subscriptionCreates(family.studentId)).toHaveLength(1);
  });

  it('replays a stored 500 for the same key and refuses the key with other parameters, as Stripe does', async () => {
    const stripe = new Stripe('sk_test_contract', {
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const customer = await stripe.customers.create({ email: 'replay@example.com' });
    const params = { customer: customer.id, items: [{ price: fake.prices[0].id! }], metadata: { studentId: '424242' } };
    fake.failAfterWork('POST', /^\/v1\/subscriptions$/, 500);
    const key = `subscription-424242-replay`;
    await expect(stripe.subscriptions.create(params, { idempotencyKey: key })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    );
    const replay = await stripe.subscriptions.create(params, { idempotencyKey: key }).catch((err: unknown) => err);
    expect(replay).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect((replay as InstanceType<typeof Stripe.errors.StripeAPIError>).statusCode).toBe(500);
    expect((replay as { headers: Record<string, string> }).headers['idempotent-replayed']).toBe('true');
    const other = await stripe.subscriptions
      .create({ ...params, metadata: { studentId: '434343' } }, { idempotencyKey: key })
      .catch((err: unknown) => err);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(fake.subscriptionsOf(424242)).toHaveLength(1);
    expect(fake.subscriptionsOf(434343)).toHaveLength(0);
  });

  it('after a time-out looks for the subscription first, then retries with the same key', async () => {
    const family = await makeFamily();
    fake.hangNext('POST', /^\/v1\/subscriptions$/);
    expect((await create(family.cookie, { studentId: family.studentId })).status).toBe(504);
    const retry = await create(family.cookie, { studentId: family.studentId });
    expect(retry.status).toBe(200);
    const [hung, second] = subscriptionCreates(family.studentId);
    expect(second.headers['idempotency-key']).toBe(hung.headers['idempotency-key']);
    expect(fake.calls('GET', '/v1/subscriptions').length).toBeGreaterThan(0);
    expect(fake.subscriptionsOf(family.studentId)).toHaveLength(1);
  });
});

describe('Stripe provider: the smaller rules', () => {
  it('creates the price with transfer_lookup_key, so an archived price holding the lookup key does not block it', async () => {
    for (const price of fake.prices) price.active = false;
    fake.addArchivedPrice(PRICE_LOOKUP_KEY);
    const fresh = makeApp();
    const family = await makeFamily();
    const res = await request(fresh)
      .post('/api/create-subscription')
      .set('Cookie', family.cookie)
      .send({ studentId: family.studentId });
    expect(res.status).toBe(200);
    const holders = fake.prices.filter((p) => p.lookup_key === PRICE_LOOKUP_KEY);
    expect(holders).toHaveLength(1);
    expect(holders[0].active).toBe(true);
    expect(subscriptionCreates(family.studentId)[0].body.items).toEqual([{ price: holders[0].id }]);
  });

  it('cancels the pending SetupIntent with the subscription', async () => {
    const family = await makeFamily();
    const created = await create(family.cookie, { studentId: family.studentId });
    const setupIntent = fake.subscriptionStates.get(created.body.subscriptionId)!.pendingSetupIntent!;
    const res = await request(app)
      .post('/api/cancel-subscription')
      .set('Cookie', family.cookie)
      .send({ studentId: family.studentId });
    expect(res.status).toBe(200);
    expect(fake.calls('POST', `/v1/setup_intents/${setupIntent}/cancel`)).toHaveLength(1);
    expect(fake.intents.get(setupIntent)!.status).toBe('canceled');
  });

  it('refuses a coupon that leaves an invoice above zero but under A$0.50, and gives its use back', async () => {
    await createCoupon({ code: 'ALMOST', discountPercent: 60, maxUses: 5 });
    await createCoupon({ code: 'FREEBIE', discountPercent: 100, maxUses: 5 });
    await createCoupon({ code: 'HALFISH', discountPercent: 49, maxUses: 5 });
    const family = await makeFamily();
    fake.reset();
    const refused = await create(family.cookie, { studentId: family.studentId, couponCode: 'ALMOST' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: BILLING_ERRORS.couponUnusable });
    expect(fake.calls('POST', '/v1/subscriptions')).toHaveLength(0);
    expect((await CouponModel.findOne({ code: 'ALMOST' }).lean())!.usedCount).toBe(0);
    // Nothing to pay at all, or A$0.50 and more, is fine.
    expect((await create(family.cookie, { studentId: family.studentId, couponCode: 'FREEBIE' })).status).toBe(200);
    const other = await makeFamily();
    expect((await create(other.cookie, { studentId: other.studentId, couponCode: 'HALFISH' })).status).toBe(200);
  });
});
