import mongoose from 'mongoose';
import request from 'supertest';
import Stripe from 'stripe';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { setServiceUrls } from '@logbook/service-kit/internal';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { buildBillingApp } from '../src/app';
import type { PaymentProvider } from '../src/providers/provider';
import { BillingNoticeModel, retryNotices } from '../src/notices/notices';
import { StudentTrialModel, SubscriptionRecordModel } from '../src/subscriptions/model';
import { BillingEventModel } from '../src/webhooks/model';
import { EVENT_LEASE_MS, eventsSettled, retryEvents, WEBHOOK_EVENTS } from '../src/webhooks/webhooks';
import { FakeStripe } from './fake-stripe';
import {
  makeFamily,
  ownerStudent,
  ownerUrl,
  rawStudent,
  signedEvent,
  subscriptionObject,
  testConfig,
  testModels,
  WEBHOOK_SECRET,
} from './fixtures';

// Stripe mode against the local Stripe-shaped server: every event is read back through the SDK before it is applied.
const fake = new FakeStripe();
let app: ReturnType<typeof buildBillingApp>['app'];
let provider: PaymentProvider;

beforeAll(async () => {
  await setupTestDatabase(testModels);
  await fake.start();
  ({ app, provider } = buildBillingApp(
    testConfig({
      STRIPE_SECRET_KEY: 'sk_test_webhooks',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_webhooks',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(fake.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_MAX_NETWORK_RETRIES: '0',
      STRIPE_TIMEOUT_MS: '2000',
    }),
  ));
});
afterAll(async () => {
  await fake.stop();
  await teardownTestDatabase();
});

/** Stripe's delivery is answered at once; the event is then worked through from the queue, which is awaited here. */
async function post(event: { payload: string; header: string }) {
  const res = await request(app)
    .post('/api/stripe/webhook')
    .set('content-type', 'application/json')
    .set('stripe-signature', event.header)
    .send(event.payload);
  await eventsSettled();
  return res;
}

const now = () => Math.floor(Date.now() / 1000);
const statusOf = async (studentId: number) => (await rawStudent(studentId))!.subscriptionStatus;
const view = (f: { cookie: string; studentId: number }) =>
  request(app).get(`/api/subscription/${f.studentId}`).set('Cookie', f.cookie);

/** Stripe sends an event: the object as Stripe has it now unless another picture is given. */
async function deliver(
  type: string,
  object: Record<string, unknown>,
  opts: { apiVersion?: string; created?: number } = {},
) {
  const event = fake.event(type, object, opts);
  const payload = JSON.stringify(event);
  const res = await post({ payload, header: sign(payload) });
  // What the worker made of it, as stored with the event.
  return Object.assign(res, { outcome: (await BillingEventModel.findById(event.id).lean())?.outcome });
}

/** A family whose student has started the free trial through the API (no card saved yet). */
async function subscribedFamily() {
  const family = await makeFamily();
  const res = await request(app)
    .post('/api/create-subscription')
    .set('Cookie', family.cookie)
    .send({ studentId: family.studentId });
  expect(res.status).toBe(200);
  return { ...family, subscriptionId: res.body.subscriptionId as string };
}

/** A trial with its card saved and applied: the student is active. */
async function activeFamily() {
  const f = await subscribedFamily();
  const intent = fake.confirmSetup(f.subscriptionId);
  await deliver('setup_intent.succeeded', fake.intent(intent));
  expect(await statusOf(f.studentId)).toBe('active');
  return f;
}

const mailTo = (email: string, kind: string) =>
  mongoose.connection.collection('mail_queue').findOne({ to: email, kind });

describe('webhook signature', () => {
  it('applies a validly signed event and records it', async () => {
    const f = await subscribedFamily();
    const intent = fake.confirmSetup(f.subscriptionId);
    const event = fake.event('setup_intent.succeeded', fake.intent(intent));
    const payload = JSON.stringify(event);
    const res = await post({ payload, header: sign(payload) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    const trialEnd = fake.subscriptionStates.get(f.subscriptionId)!.trialEnd!;
    const student = await rawStudent(f.studentId);
    expect(student).toMatchObject({
      subscriptionStatus: 'active',
      providerStatus: 'trialing',
      stripeSubscriptionId: f.subscriptionId,
      subscriptionCancelAtPeriodEnd: false,
    });
    // svc-students heard of it (its `subscription` event) and its own fields are as they were.
    expect(await ownerStudent(f.studentId)).toMatchObject({
      subscriptionStatus: 'active',
      firstName: 'Sam',
      dateOfBirth: '2008-05-01',
      hasStudentLogin: false,
      loginVersion: 0,
    });
    expect(student!.subscriptionTrialEnd).toEqual(new Date(trialEnd * 1000));
    expect((await view(f)).body).toMatchObject({
      status: 'active',
      subscriptionId: f.subscriptionId,
      trialEnd: new Date(trialEnd * 1000).toISOString(),
      cancelAtPeriodEnd: false,
      nextStep: null,
    });
    expect(await BillingEventModel.findById(event.id).lean()).toMatchObject({ outcome: 'applied' });
  });

  it.each([
    [
      'a tampered body',
      (e: { payload: string; header: string }) => ({ ...e, payload: e.payload.replace('"trialing"', '"active_"') }),
    ],
    [
      'a signature made with another secret',
      (e: { payload: string; header: string }) => ({ ...e, header: sign(e.payload, 'whsec_someone_else') }),
    ],
    ['no signature', (e: { payload: string; header: string }) => ({ ...e, header: '' })],
  ])('refuses %s with 400 and changes nothing', async (_name, spoil) => {
    const f = await subscribedFamily();
    fake.confirmSetup(f.subscriptionId);
    const event = signedEvent('customer.subscription.updated', fake.subscription(f.subscriptionId));
    const before = await rawStudent(f.studentId);
    const res = await post(spoil(event));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: BILLING_ERRORS.webhookSignature });
    expect(await rawStudent(f.studentId)).toEqual(before);
    expect(await BillingEventModel.findById(JSON.parse(event.payload).id).lean()).toBeNull();
  });

  it('refuses a signature made with another secret over the same body', async () => {
    const f = await subscribedFamily();
    const object = subscriptionObject(f.subscriptionId, f.studentId, 'active');
    const good = signedEvent('customer.subscription.updated', object, { id: 'evt_same_body' });
    const forged = signedEvent('customer.subscription.updated', object, {
      id: 'evt_same_body',
      secret: 'whsec_other',
      created: JSON.parse(good.payload).created,
    });
    expect(forged.payload).toBe(good.payload);
    const res = await post(forged);
    expect(res.status).toBe(400);
    expect(await statusOf(f.studentId)).toBe('inactive');
  });

  it('refuses a stale timestamp (a replay) with 400', async () => {
    const f = await subscribedFamily();
    const event = signedEvent(
      'customer.subscription.updated',
      subscriptionObject(f.subscriptionId, f.studentId, 'active'),
      {
        timestamp: now() - 600,
      },
    );
    const res = await post(event);
    expect(res.status).toBe(400);
    expect(await statusOf(f.studentId)).toBe('inactive');
  });

  it('refuses re-serialised JSON', async () => {
    const f = await subscribedFamily();
    const event = signedEvent(
      'customer.subscription.updated',
      subscriptionObject(f.subscriptionId, f.studentId, 'active'),
    );
    const res = await post({ ...event, payload: JSON.stringify(JSON.parse(event.payload), null, 2) });
    expect(res.status).toBe(400);
    expect(await statusOf(f.studentId)).toBe('inactive');
  });

  it('answers 503 in Stripe mode when no webhook secret is configured', async () => {
    const unconfigured = buildBillingApp(testConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).app;
    const event = signedEvent('customer.subscription.updated', {});
    const res = await request(unconfigured)
      .post('/api/stripe/webhook')
      .set('stripe-signature', event.header)
      .set('content-type', 'application/json')
      .send(event.payload);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: BILLING_ERRORS.webhookNotConfigured });
  });
});

describe('webhook events: read back from Stripe, then applied', () => {
  it('applies the same event once', async () => {
    const f = await activeFamily();
    const invoice = fake.renew(f.subscriptionId, 'failed');
    const first = fake.event('invoice.payment_failed', fake.invoice(invoice.id));
    const payload = JSON.stringify(first);
    expect((await post({ payload, header: sign(payload) })).body).toEqual({ received: true });
    expect((await rawStudent(f.studentId))!.providerStatus).toBe('past_due');
    // Stripe delivers it again (a retry); it is not applied a second time and no second email is asked for.
    const resent = await post({ payload, header: sign(payload) });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ received: true, duplicate: true });
    expect(await BillingEventModel.countDocuments({ _id: first.id })).toBe(1);
    expect(
      await mongoose.connection.collection('mail_queue').countDocuments({ to: f.email, kind: 'payment_failed' }),
    ).toBe(1);
  });

  it('never moves a student back: a late or replayed event applies what Stripe has now', async () => {
    const f = await activeFamily();
    const activePicture = fake.subscription(f.subscriptionId);
    fake.renew(f.subscriptionId, 'failed');
    await deliver('customer.subscription.updated', fake.subscription(f.subscriptionId), { created: now() });
    expect((await rawStudent(f.studentId))!.providerStatus).toBe('past_due');
    // An older event saying "active" arrives late, newer by its own clock even: Stripe says past_due, so past_due.
    const late = await deliver('customer.subscription.updated', activePicture, { created: now() + 5 });
    expect(late.body).toEqual({ received: true });
    expect((await rawStudent(f.studentId))!.providerStatus).toBe('past_due');
    expect((await view(f)).body.nextStep).toBe('payment_needed');

    // Canceled in the app; an event from before the cancel arrives afterwards.
    const canceled = await request(app)
      .post('/api/cancel-subscription')
      .set('Cookie', f.cookie)
      .send({ studentId: f.studentId });
    expect(canceled.status).toBe(200);
    await deliver('customer.subscription.updated', activePicture);
    await deliver('invoice.paid', fake.invoice(fake.subscriptionStates.get(f.subscriptionId)!.latestInvoice!));
    expect(await statusOf(f.studentId)).toBe('canceled');
  });

  it('keeps a trial with no card incomplete, and makes it active once the card is saved', async () => {
    const f = await subscribedFamily();
    await deliver('customer.subscription.created', fake.subscription(f.subscriptionId));
    expect(await statusOf(f.studentId)).toBe('incomplete');
    // The trial's $0 invoice says nothing about a card.
    const first = fake.subscriptionStates.get(f.subscriptionId)!.latestInvoice!;
    await deliver('invoice.paid', fake.invoice(first));
    expect(await statusOf(f.studentId)).toBe('incomplete');
    // A SetupIntent event before Stripe has it succeeded changes nothing.
    const setupIntent = fake.subscriptionStates.get(f.subscriptionId)!.pendingSetupIntent!;
    const early = await deliver('setup_intent.succeeded', { ...fake.intent(setupIntent), status: 'succeeded' });
    expect(early.outcome).toBe('ignored: the card is not saved');
    expect(await statusOf(f.studentId)).toBe('incomplete');

    fake.confirmSetup(f.subscriptionId);
    const saved = await deliver('setup_intent.succeeded', fake.intent(setupIntent));
    expect(saved.body).toEqual({ received: true });
    expect(await statusOf(f.studentId)).toBe('active');
    expect((await SubscriptionRecordModel.findById(f.studentId).lean())!.paymentMethodSaved).toBe(true);
  });

  it('keeps a failed renewal in its grace period, emails the parent once, and a paid invoice clears it', async () => {
    const f = await activeFamily();
    const invoice = fake.renew(f.subscriptionId, 'failed');
    await deliver('invoice.payment_failed', fake.invoice(invoice.id));
    expect(await rawStudent(f.studentId)).toMatchObject({ subscriptionStatus: 'active', providerStatus: 'past_due' });
    expect((await view(f)).body.nextStep).toBe('payment_needed');
    expect(await mailTo(f.email, 'payment_failed')).not.toBeNull();
    expect(await BillingNoticeModel.countDocuments({ studentId: f.studentId, sentAt: null })).toBe(0);
    fake.payLatestInvoice(f.subscriptionId);
    await deliver('invoice.paid', fake.invoice(invoice.id));
    expect(await statusOf(f.studentId)).toBe('active');
    expect((await view(f)).body.nextStep).toBeNull();
  });

  it('emails no "confirm the payment" while the parent is paying the first month on screen', async () => {
    const family = await makeFamily();
    // The free month was had: the first month is paid now, and the bank asks the parent to confirm it.
    await StudentTrialModel.create({
      _id: family.studentId,
      userId: family.userId,
      subscriptionId: 'sub_earlier',
      startedAt: new Date(),
    });
    const res = await request(app)
      .post('/api/create-subscription')
      .set('Cookie', family.cookie)
      .send({ studentId: family.studentId });
    expect(res.body.type).toBe('payment');
    const first = fake.invoices.get(fake.subscriptionStates.get(res.body.subscriptionId)!.latestInvoice!)!;
    fake.intents.get(first.paymentIntent!)!.status = 'requires_action';
    await deliver('invoice.payment_action_required', fake.invoice(first.id));
    expect(await mailTo(family.email, 'payment_action_required')).toBeNull();
  });

  it('shows "confirm your payment" for a renewal held for 3-D Secure, hands over the secret, and emails the parent', async () => {
    const f = await activeFamily();
    const invoice = fake.renew(f.subscriptionId, 'action');
    const res = await deliver('invoice.payment_action_required', fake.invoice(invoice.id));
    expect(res.body).toEqual({ received: true });
    expect(await rawStudent(f.studentId)).toMatchObject({
      subscriptionStatus: 'active',
      providerStatus: 'past_due',
      paymentActionRequired: true,
    });
    expect((await view(f)).body.nextStep).toBe('confirm_payment');
    expect(await mailTo(f.email, 'payment_action_required')).not.toBeNull();

    // The browser gets the open invoice's confirmation secret for Stripe.js confirmPayment.
    const pay = await request(app)
      .post('/api/billing/payment')
      .set('Cookie', f.cookie)
      .send({ studentId: f.studentId });
    expect(pay.status).toBe(200);
    const intent = fake.invoices.get(invoice.id)!.paymentIntent!;
    expect(pay.body).toEqual({
      subscriptionId: f.subscriptionId,
      clientSecret: fake.intents.get(intent)!.clientSecret,
      type: 'payment',
    });
    // Another parent learns nothing.
    const other = await makeFamily();
    const theirs = await request(app)
      .post('/api/billing/payment')
      .set('Cookie', other.cookie)
      .send({ studentId: f.studentId });
    expect(theirs.status).toBe(404);

    // Authenticated and paid: active, nothing left to do, nothing left to pay.
    fake.payLatestInvoice(f.subscriptionId);
    await deliver('invoice.paid', fake.invoice(invoice.id));
    expect(await rawStudent(f.studentId)).toMatchObject({ subscriptionStatus: 'active', paymentActionRequired: false });
    const nothing = await request(app)
      .post('/api/billing/payment')
      .set('Cookie', f.cookie)
      .send({ studentId: f.studentId });
    expect(nothing.status).toBe(409);
    expect(nothing.body).toEqual({ message: BILLING_ERRORS.nothingToPay });
  });

  it('emails the parent when the trial is about to end, and keeps the email until the mail service takes it', async () => {
    const f = await activeFamily();
    const trialEnd = fake.subscriptionStates.get(f.subscriptionId)!.trialEnd!;
    const noticeId = `trial_will_end:${f.subscriptionId}:${trialEnd}`;
    setServiceUrls({ auth: 'http://127.0.0.1:9' });
    const event = fake.event('customer.subscription.trial_will_end', fake.subscription(f.subscriptionId));
    const payload = JSON.stringify(event);
    try {
      expect((await post({ payload, header: sign(payload) })).status).toBe(200);
      expect(await BillingNoticeModel.findById(noticeId).lean()).toMatchObject({
        kind: 'trial_will_end',
        parentId: f.userId,
        studentId: f.studentId,
        at: new Date(trialEnd * 1000),
        attempts: 1,
      });
      expect(await mailTo(f.email, 'trial_will_end')).toBeNull();
    } finally {
      setServiceUrls({ auth: ownerUrl('auth') });
    }
    await BillingNoticeModel.updateOne({ _id: noticeId }, { $set: { nextAttemptAt: new Date() } });
    expect(await retryNotices()).toBe(0);
    expect((await BillingNoticeModel.findById(noticeId).lean())!.sentAt).toBeInstanceOf(Date);
    expect(await mailTo(f.email, 'trial_will_end')).not.toBeNull();
  });

  it('treats paused and unpaid as live: they block a second subscription, show what to do and can be canceled', async () => {
    const paused = await subscribedFamily();
    // A subscription made when trials without a card were set to pause at their end.
    fake.subscriptionStates.get(paused.subscriptionId)!.missingPaymentMethod = 'pause';
    expect(fake.endTrial(paused.subscriptionId)).toBe('paused');
    await deliver('customer.subscription.paused', fake.subscription(paused.subscriptionId));
    expect(await rawStudent(paused.studentId)).toMatchObject({
      subscriptionStatus: 'incomplete',
      providerStatus: 'paused',
    });
    expect((await view(paused)).body).toMatchObject({ status: 'incomplete', nextStep: 'payment_needed' });
    const pay = await request(app)
      .post('/api/billing/payment')
      .set('Cookie', paused.cookie)
      .send({ studentId: paused.studentId });
    expect(pay.status).toBe(409);
    expect(pay.body).toEqual({ message: BILLING_ERRORS.pausedTrial });

    const unpaid = await activeFamily();
    fake.renew(unpaid.subscriptionId, 'failed');
    fake.markUnpaid(unpaid.subscriptionId);
    await deliver('customer.subscription.updated', fake.subscription(unpaid.subscriptionId));
    expect(await rawStudent(unpaid.studentId)).toMatchObject({
      subscriptionStatus: 'past_due',
      providerStatus: 'unpaid',
    });
    expect((await view(unpaid)).body.nextStep).toBe('payment_needed');

    for (const f of [paused, unpaid]) {
      fake.reset();
      const again = await request(app)
        .post('/api/create-subscription')
        .set('Cookie', f.cookie)
        .send({ studentId: f.studentId });
      expect(again.status).toBe(409);
      expect(fake.calls('POST', '/v1/subscriptions')).toHaveLength(0);
      const cancel = await request(app)
        .post('/api/cancel-subscription')
        .set('Cookie', f.cookie)
        .send({ studentId: f.studentId });
      expect(cancel.status).toBe(200);
      expect(fake.subscriptionStates.get(f.subscriptionId)!.status).toBe('canceled');
      expect(fake.subscriptionsOf(f.studentId)).toHaveLength(1);
    }
  });

  it('reads an event of another API version back from Stripe, logging it loudly', async () => {
    const f = await subscribedFamily();
    fake.confirmSetup(f.subscriptionId);
    // An old-version payload: no items[].current_period_end, the subscription named where old versions put it.
    const old = { id: f.subscriptionId, object: 'subscription', status: 'incomplete', current_period_end: 1 };
    const event = fake.event('customer.subscription.updated', old, { apiVersion: '2024-06-20' });
    const payload = JSON.stringify(event);
    const res = await post({ payload, header: sign(payload) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(await BillingEventModel.findById(event.id).lean()).toMatchObject({
      apiVersion: '2024-06-20',
      outcome: 'applied',
    });
    const state = fake.subscriptionStates.get(f.subscriptionId)!;
    expect(await rawStudent(f.studentId)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionCurrentPeriodEnd: new Date(state.periodEnd * 1000),
    });
    const reads = fake.calls('GET', `/v1/subscriptions/${f.subscriptionId}`);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.at(-1)!.headers['stripe-version']).toBe(Stripe.API_VERSION);
  });

  it("ignores events for a subscription that is not the student's current one", async () => {
    const f = await subscribedFamily();
    const other = await subscribedFamily();
    // Stripe's other subscription names this student in its metadata (e.g. made by hand in the dashboard).
    fake.subscriptionStates.get(other.subscriptionId)!.metadata.studentId = String(f.studentId);
    const res = await deliver('customer.subscription.updated', fake.subscription(other.subscriptionId));
    expect(res.status).toBe(200);
    expect(res.outcome).toMatch(/current subscription/);
    expect(await statusOf(f.studentId)).toBe('inactive');
    expect((await rawStudent(f.studentId))!.stripeSubscriptionId).toBeUndefined();
    expect((await SubscriptionRecordModel.findById(f.studentId).lean())!.subscriptionId).toBe(f.subscriptionId);
  });

  it('acknowledges events for objects Stripe does not have and unknown event types, changing nothing', async () => {
    const ghost = await deliver('customer.subscription.updated', subscriptionObject('sub_ghost', 987654321, 'active'));
    expect(ghost.status).toBe(200);
    expect(ghost.body).toEqual({ received: true });
    expect(ghost.outcome).toBe('ignored: the provider has no such subscription');
    const other = await deliver('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect(other.outcome).toBe('ignored: not an event this service uses');
  });

  it('answers 200 at once even when Stripe cannot be read, keeps the event and works it through later', async () => {
    const f = await subscribedFamily();
    fake.confirmSetup(f.subscriptionId);
    fake.failNext('GET', /^\/v1\/subscriptions\//, 500, 'api_error', 'Internal error');
    const event = fake.event('customer.subscription.updated', fake.subscription(f.subscriptionId));
    const payload = JSON.stringify(event);
    const res = await post({ payload, header: sign(payload) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(await BillingEventModel.findById(event.id).lean()).toMatchObject({ state: 'queued', attempts: 1 });
    expect(await statusOf(f.studentId)).toBe('inactive');
    // Stripe's own redelivery is a duplicate: the stored event is what gets worked through.
    expect((await post({ payload, header: sign(payload) })).body).toEqual({ received: true, duplicate: true });

    await BillingEventModel.updateOne({ _id: event.id }, { $set: { nextAttemptAt: new Date() } });
    expect(await retryEvents(provider)).toBe(0);
    expect(await BillingEventModel.findById(event.id).lean()).toMatchObject({ state: 'done', outcome: 'applied' });
    expect(await statusOf(f.studentId)).toBe('active');
  });

  it('takes again an event whose worker stopped mid-way once its lease has run out, never while it holds it', async () => {
    const f = await subscribedFamily();
    fake.confirmSetup(f.subscriptionId);
    const event = fake.event('customer.subscription.updated', fake.subscription(f.subscriptionId));
    const stuck = {
      _id: event.id,
      type: event.type,
      created: new Date(event.created * 1000),
      receivedAt: new Date(),
      outcome: 'queued',
      objectId: f.subscriptionId,
      state: 'processing' as const,
      attempts: 0,
      nextAttemptAt: new Date(),
    };
    await BillingEventModel.create({ ...stuck, leaseUntil: new Date(Date.now() + EVENT_LEASE_MS) });
    expect(await retryEvents(provider)).toBe(0);
    expect(await BillingEventModel.findById(event.id).lean()).toMatchObject({ state: 'processing' });
    expect(await statusOf(f.studentId)).toBe('inactive');

    await BillingEventModel.updateOne({ _id: event.id }, { $set: { leaseUntil: new Date(Date.now() - 1000) } });
    expect(await retryEvents(provider)).toBe(0);
    expect(await BillingEventModel.findById(event.id).lean()).toMatchObject({ state: 'done', outcome: 'applied' });
    expect(await statusOf(f.studentId)).toBe('active');
  });

  it('emails once per invoice and per trial end, whatever the number of Event objects or retries', async () => {
    const f = await activeFamily();
    await deliver('customer.subscription.trial_will_end', fake.subscription(f.subscriptionId));
    await deliver('customer.subscription.trial_will_end', fake.subscription(f.subscriptionId));
    const invoice = fake.renew(f.subscriptionId, 'failed');
    // Stripe's first try, a second Event object for the same change, then Smart Retries' next failure.
    for (let i = 0; i < 3; i++) await deliver('invoice.payment_failed', fake.invoice(invoice.id));
    const mails = mongoose.connection.collection('mail_queue');
    expect(await mails.countDocuments({ to: f.email, kind: 'trial_will_end' })).toBe(1);
    expect(await mails.countDocuments({ to: f.email, kind: 'payment_failed' })).toBe(1);
    // Another renewal's failure is another notice.
    fake.payLatestInvoice(f.subscriptionId);
    const next = fake.renew(f.subscriptionId, 'failed');
    await deliver('invoice.payment_failed', fake.invoice(next.id));
    expect(await mails.countDocuments({ to: f.email, kind: 'payment_failed' })).toBe(2);
  });

  it('keeps its one-per-student guarantees in unique indexes', async () => {
    const indexes = await SubscriptionRecordModel.collection.indexes();
    const unique = indexes.filter((i) => i.unique).map((i) => Object.keys(i.key).join(','));
    expect(unique).toEqual(expect.arrayContaining(['subscriptionId', 'setupIntentId']));
  });

  it('lists exactly the events it acts on, the same list the README names', async () => {
    const fs = await import('node:fs/promises');
    const readme = await fs.readFile(`${__dirname}/../../README.md`, 'utf8');
    for (const type of WEBHOOK_EVENTS) expect(readme).toContain(`\`${type}\``);
    expect(readme).toContain(Stripe.API_VERSION);
  });
});

function sign(payload: string, secret = WEBHOOK_SECRET) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
