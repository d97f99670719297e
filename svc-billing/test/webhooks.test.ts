import request from 'supertest';
import Stripe from 'stripe';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createApp } from '../src/app';
import { StudentBillingModel, SubscriptionRecordModel } from '../src/subscriptions/model';
import { BillingEventModel } from '../src/webhooks/model';
import {
  invoiceObject,
  makeFamily,
  ownerStudent,
  rawStudent,
  recordSubscription,
  signedEvent,
  subscriptionObject,
  testConfig,
  testModels,
  WEBHOOK_SECRET,
} from './fixtures';

// Stripe mode: the webhook is checked with STRIPE_WEBHOOK_SECRET. Nothing here calls the Stripe API.
const app = createApp(
  testConfig({
    STRIPE_SECRET_KEY: 'sk_test_webhooks',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: '9',
    STRIPE_API_PROTOCOL: 'http',
  }),
);

beforeAll(async () => {
  await setupTestDatabase(testModels);
});
afterAll(teardownTestDatabase);

const post = (event: { payload: string; header: string }) =>
  request(app)
    .post('/api/stripe/webhook')
    .set('content-type', 'application/json')
    .set('stripe-signature', event.header)
    .send(event.payload);

const now = () => Math.floor(Date.now() / 1000);
const statusOf = async (studentId: number) => (await rawStudent(studentId))!.subscriptionStatus;

async function subscribedFamily(subscriptionId = `sub_${Math.random().toString(36).slice(2, 10)}`) {
  const family = await makeFamily();
  await recordSubscription(family.studentId, family.userId, subscriptionId);
  return { ...family, subscriptionId };
}

describe('webhook signature', () => {
  it('applies a validly signed event and records it', async () => {
    const f = await subscribedFamily();
    const trialEnd = now() + 30 * 86400;
    const event = signedEvent(
      'customer.subscription.updated',
      subscriptionObject(f.subscriptionId, f.studentId, 'trialing', {
        default_payment_method: 'pm_card',
        trial_end: trialEnd,
      }),
    );
    const res = await post(event);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    const student = await rawStudent(f.studentId);
    expect(student).toMatchObject({
      subscriptionStatus: 'active',
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
    const view = await request(app).get(`/api/subscription/${f.studentId}`).set('Cookie', f.cookie);
    expect(view.body).toMatchObject({
      status: 'active',
      subscriptionId: f.subscriptionId,
      trialEnd: new Date(trialEnd * 1000).toISOString(),
      cancelAtPeriodEnd: false,
    });
    const id = JSON.parse(event.payload).id;
    expect(await BillingEventModel.findById(id).lean()).toMatchObject({ outcome: 'applied' });
  });

  it.each([
    [
      'a tampered body',
      (e: { payload: string; header: string }) => ({ ...e, payload: e.payload.replace('"trialing"', '"active"') }),
    ],
    [
      'a signature made with another secret',
      (e: { payload: string; header: string }) => ({ ...e, header: sign(e.payload, 'whsec_someone_else') }),
    ],
    ['no signature', (e: { payload: string; header: string }) => ({ ...e, header: '' })],
  ])('refuses %s with 400 and changes nothing', async (_name, spoil) => {
    const f = await subscribedFamily();
    const event = signedEvent(
      'customer.subscription.updated',
      subscriptionObject(f.subscriptionId, f.studentId, 'trialing', { default_payment_method: 'pm_card' }),
    );
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
    const unconfigured = createApp(testConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }));
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

describe('webhook events', () => {
  it('applies the same event once', async () => {
    const f = await subscribedFamily();
    const t = now() - 100;
    const first = signedEvent(
      'customer.subscription.updated',
      subscriptionObject(f.subscriptionId, f.studentId, 'active'),
      {
        created: t,
      },
    );
    expect((await post(first)).body).toEqual({ received: true });
    const later = signedEvent('invoice.payment_failed', invoiceObject(f.subscriptionId, f.studentId), {
      created: t + 10,
    });
    expect((await post(later)).body).toEqual({ received: true });
    expect(await statusOf(f.studentId)).toBe('past_due');
    // Stripe delivers the first again (a retry); it is not applied a second time. Re-signed, as Stripe does.
    const resent = await post({ payload: first.payload, header: sign(first.payload) });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ received: true, duplicate: true });
    expect(await statusOf(f.studentId)).toBe('past_due');
    expect(await BillingEventModel.countDocuments({ _id: JSON.parse(first.payload).id })).toBe(1);
  });

  it('ignores an event older than the last one applied', async () => {
    const f = await subscribedFamily();
    const t = now() - 100;
    await post(
      signedEvent('customer.subscription.updated', subscriptionObject(f.subscriptionId, f.studentId, 'past_due'), {
        created: t,
      }),
    );
    const older = await post(
      signedEvent('customer.subscription.updated', subscriptionObject(f.subscriptionId, f.studentId, 'active'), {
        created: t - 60,
      }),
    );
    expect(older.status).toBe(200);
    expect(older.body.ignored).toMatch(/older/);
    expect(await statusOf(f.studentId)).toBe('past_due');
  });

  it('keeps a trial with no card incomplete, and makes it active once the card is saved', async () => {
    const f = await subscribedFamily();
    const t = now() - 50;
    await post(
      signedEvent('customer.subscription.created', subscriptionObject(f.subscriptionId, f.studentId, 'trialing'), {
        created: t,
      }),
    );
    expect(await statusOf(f.studentId)).toBe('incomplete');
    // The trial's $0 invoice says nothing about a card.
    const zero = await post(
      signedEvent(
        'invoice.paid',
        invoiceObject(f.subscriptionId, f.studentId, { amount_paid: 0, billing_reason: 'subscription_create' }),
        { created: t },
      ),
    );
    expect(zero.body.ignored).toBe('nothing was charged');
    expect(await statusOf(f.studentId)).toBe('incomplete');

    const saved = await post(
      signedEvent(
        'setup_intent.succeeded',
        { id: `seti_${f.subscriptionId}`, object: 'setup_intent', payment_method: 'pm_1' },
        { created: t + 1 },
      ),
    );
    expect(saved.body).toEqual({ received: true });
    expect(await statusOf(f.studentId)).toBe('active');
    expect((await SubscriptionRecordModel.findById(f.studentId).lean())!.paymentMethodSaved).toBe(true);
    // A later update that does not repeat the payment method keeps the saved card in mind.
    await post(
      signedEvent('customer.subscription.updated', subscriptionObject(f.subscriptionId, f.studentId, 'trialing'), {
        created: t + 2,
      }),
    );
    expect(await statusOf(f.studentId)).toBe('active');
  });

  it('moves a failed renewal to past_due and a paid invoice back to active', async () => {
    const f = await subscribedFamily();
    const t = now() - 50;
    await post(signedEvent('invoice.payment_failed', invoiceObject(f.subscriptionId, f.studentId), { created: t }));
    expect(await statusOf(f.studentId)).toBe('past_due');
    await post(signedEvent('invoice.paid', invoiceObject(f.subscriptionId, f.studentId), { created: t + 1 }));
    expect(await statusOf(f.studentId)).toBe('active');
  });

  it('cancels on customer.subscription.deleted, frees the student for a new subscription, and it stays canceled', async () => {
    const f = await subscribedFamily();
    const t = now() - 50;
    await post(
      signedEvent('customer.subscription.updated', subscriptionObject(f.subscriptionId, f.studentId, 'active'), {
        created: t,
      }),
    );
    const res = await post(
      signedEvent('customer.subscription.deleted', subscriptionObject(f.subscriptionId, f.studentId, 'canceled'), {
        created: t + 1,
      }),
    );
    expect(res.body).toEqual({ received: true });
    expect(await statusOf(f.studentId)).toBe('canceled');
    expect(await SubscriptionRecordModel.findById(f.studentId).lean()).toBeNull();
    const late = await post(
      signedEvent('invoice.paid', invoiceObject(f.subscriptionId, f.studentId), { created: t + 5 }),
    );
    expect(late.body.ignored).toBeDefined();
    expect(await statusOf(f.studentId)).toBe('canceled');
    const view = await request(app).get(`/api/subscription/${f.studentId}`).set('Cookie', f.cookie);
    expect(view.body).toMatchObject({ status: 'canceled', subscriptionId: f.subscriptionId });
  });

  it("ignores events for a subscription that is not the student's current one", async () => {
    const f = await subscribedFamily('sub_current');
    const res = await post(
      signedEvent('customer.subscription.updated', subscriptionObject('sub_someone_elses', f.studentId, 'active')),
    );
    expect(res.status).toBe(200);
    expect(res.body.ignored).toMatch(/current subscription/);
    expect(await statusOf(f.studentId)).toBe('inactive');
  });

  it('accepts the new subscription while it is being made, but not events of the one the student had before', async () => {
    const f = await makeFamily();
    const t = now() - 50;
    // The student had sub_old (canceled); a new one is being made and Stripe's event beats the API's answer.
    await StudentBillingModel.updateOne(
      { _id: f.studentId },
      { $set: { userId: f.userId, stripeSubscriptionId: 'sub_old', subscriptionStatus: 'canceled' } },
      { upsert: true },
    );
    await SubscriptionRecordModel.create({
      _id: f.studentId,
      userId: f.userId,
      state: 'creating',
      attemptKey: 'k',
      startedAt: new Date(),
      updatedAt: new Date(),
    });
    const old = await post(signedEvent('invoice.paid', invoiceObject('sub_old', f.studentId), { created: t }));
    expect(old.body.ignored).toMatch(/current subscription/);
    expect(await statusOf(f.studentId)).toBe('canceled');
    const fresh = await post(
      signedEvent('customer.subscription.created', subscriptionObject('sub_new', f.studentId, 'trialing'), {
        created: t + 1,
      }),
    );
    expect(fresh.body).toEqual({ received: true });
    expect(await rawStudent(f.studentId)).toMatchObject({
      subscriptionStatus: 'incomplete',
      stripeSubscriptionId: 'sub_new',
    });
  });

  it('keeps its one-per-student guarantees in unique indexes', async () => {
    const indexes = await SubscriptionRecordModel.collection.indexes();
    const unique = indexes.filter((i) => i.unique).map((i) => Object.keys(i.key).join(','));
    expect(unique).toEqual(expect.arrayContaining(['subscriptionId', 'setupIntentId']));
  });

  it('maps unknown provider statuses to inactive and unknown event types to a plain acknowledgement', async () => {
    const f = await subscribedFamily();
    await post(
      signedEvent('customer.subscription.updated', subscriptionObject(f.subscriptionId, f.studentId, 'paused')),
    );
    expect(await statusOf(f.studentId)).toBe('inactive');
    const other = await post(signedEvent('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ received: true, ignored: 'not an event this service uses' });
  });

  it('acknowledges events naming a student that does not exist, changing nothing', async () => {
    const res = await post(
      signedEvent('customer.subscription.updated', subscriptionObject('sub_ghost', 987654321, 'active')),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, ignored: 'unknown student' });
  });
});

function sign(payload: string, secret = WEBHOOK_SECRET) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
