import crypto from 'node:crypto';
import http from 'node:http';
import request from 'supertest';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { API_ERRORS } from '@logbook/contracts/messages';
import { internalHeaders } from '@logbook/service-kit/internal';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createApp } from '../src/app';
import { eventsSettled } from '../src/webhooks/webhooks';
import { createCoupon } from '../src/coupons/coupons';
import { CouponModel, CouponSlotModel } from '../src/coupons/model';
import { SimulatedSubscriptionModel } from '../src/providers/simulated-model';
import { StudentBillingModel, StudentTrialModel, SubscriptionRecordModel } from '../src/subscriptions/model';
import { BillingEventModel } from '../src/webhooks/model';
import { FakeStripe } from './fake-stripe';
import {
  addStudent,
  makeFamily,
  rawStudent,
  recordSubscription,
  signedEvent,
  subscriptionObject,
  testConfig,
  testModels,
  WEBHOOK_SECRET,
  type Family,
} from './fixtures';

/**
 * Every guarded write raced through the HTTP API: 8 requests at once, round after round. The embedded fallback
 * database lets more than one of several concurrent findOneAndUpdate calls through the same guard, so each guard is
 * checked where it matters, with the outcome a user would see.
 */
const ROUNDS = 50;
const RACERS = 8;
/** 50 rounds of 8 take seconds on an idle machine; the limit is for a machine shared with other jobs. */
const ROUNDS_TIME_LIMIT_MS = 300_000;

const fake = new FakeStripe();
/** Hundreds of coupon uses come from this one address: the look-up limits are tested in coupon-limits.test.ts. */
const MANY_LOOKUPS = { COUPON_LOOKUPS_PER_ACCOUNT: '100000', COUPON_LOOKUPS_PER_ADDRESS: '100000' };
// Listening once per app: a request then costs no new server, and the 8 racers arrive together.
let app: http.Server;
let stripeApp: http.Server;
let parent: Family;
const listen = (handler: ReturnType<typeof createApp>) =>
  new Promise<http.Server>((resolve) => {
    const server = http.createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

beforeAll(async () => {
  await setupTestDatabase([...testModels, CouponSlotModel]);
  await fake.start();
  parent = await makeFamily();
  app = await listen(createApp(testConfig(MANY_LOOKUPS)));
  stripeApp = await listen(
    createApp(
      testConfig({
        ...MANY_LOOKUPS,
        STRIPE_SECRET_KEY: 'sk_test_races',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_races',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(fake.port),
        STRIPE_API_PROTOCOL: 'http',
        STRIPE_MAX_NETWORK_RETRIES: '0',
        STRIPE_TIMEOUT_MS: '2000',
      }),
    ),
  );
});
afterAll(async () => {
  for (const server of [app, stripeApp]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await fake.stop();
  await teardownTestDatabase();
});

const all = <T>(make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: RACERS }, (_, i) => make(i)));
/** A new student of one shared parent: set-up stays short, and each round's student starts with nothing. */
const newStudent = async (): Promise<Family> => ({ ...parent, studentId: await addStudent(parent.userId) });
/** One after another: the test's own set-up is not what is raced. */
async function newStudents(count: number): Promise<Family[]> {
  const made: Family[] = [];
  for (let i = 0; i < count; i++) made.push(await newStudent());
  return made;
}
const create = (target: typeof app, cookie: string, body: Record<string, unknown>) =>
  request(target).post('/api/create-subscription').set('Cookie', cookie).send(body);
const post = (path: string, cookie: string, body: Record<string, unknown>) =>
  request(app).post(path).set('Cookie', cookie).send(body);
const eventCount = (type: string) => BillingEventModel.countDocuments({ type });
const statusesOf = (answers: Array<{ status: number }>) => answers.map((a) => a.status).sort();

/** A subscription as the simulated provider holds it: what the webhook handler reads back. */
async function providerSubscription(
  f: Family,
  status: string,
  extra: { currentPeriodEnd?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const id = `sub_sim_race_${f.studentId}_${crypto.randomUUID().slice(0, 6)}`;
  await SimulatedSubscriptionModel.create({
    _id: id,
    studentId: f.studentId,
    customerId: `cus_sim_${f.userId}`,
    idempotencyKey: `race-${id}`,
    status,
    setupIntentId: null,
    paymentIntentId: `pi_${id}`,
    clientSecret: `pi_${id}_secret`,
    paymentMethodId: 'pm_sim_card',
    trialEnd: null,
    currentPeriodStart: now,
    currentPeriodEnd: extra.currentPeriodEnd ?? now + 30 * 86_400,
    created: now,
    canceledAt: status === 'canceled' ? now : null,
  });
  return id;
}

describe('guarded writes hold when 8 requests race', () => {
  /** A student about to subscribe: new, after a failed attempt, or after a subscription that ended. */
  async function studentReadyToSubscribe(round: number): Promise<Family> {
    const f = await newStudent();
    const base = { _id: f.studentId, userId: f.userId, startedAt: new Date(), updatedAt: new Date() };
    if (round % 3 === 1) {
      await SubscriptionRecordModel.create({ ...base, state: 'failed', attemptKey: `failed-${crypto.randomUUID()}` });
    } else if (round % 3 === 2) {
      const old = `sub_sim_ended_${f.studentId}`;
      await recordSubscription(f.studentId, f.userId, old);
      await SubscriptionRecordModel.updateOne({ _id: f.studentId }, { $set: { providerStatus: 'canceled' } });
      await StudentTrialModel.create({
        _id: f.studentId,
        userId: f.userId,
        subscriptionId: old,
        startedAt: new Date(),
      });
      await StudentBillingModel.updateOne(
        { _id: f.studentId },
        { $set: { userId: f.userId, stripeSubscriptionId: old, subscriptionStatus: 'canceled' } },
        { upsert: true },
      );
    }
    return f;
  }

  it(
    'subscribes: one provider subscription per student, whichever way the claim is taken',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const f = await studentReadyToSubscribe(round);
        const answers = await all(() => create(app, f.cookie, { studentId: f.studentId }));
        expect(statusesOf(answers)).toEqual(Array(RACERS).fill(200));
        const ids = new Set(answers.map((a) => a.body.subscriptionId));
        expect(ids.size).toBe(1);
        expect(await SimulatedSubscriptionModel.countDocuments({ studentId: f.studentId })).toBe(1);
        const [subscriptionId] = [...ids];
        expect(await SubscriptionRecordModel.findById(f.studentId).lean()).toMatchObject({
          state: 'created',
          subscriptionId,
        });
        // The free month only for a student who never had it.
        expect(answers[0].body.type).toBe(round % 3 === 2 ? 'payment' : 'setup');
        expect(await StudentTrialModel.countDocuments({ _id: f.studentId })).toBe(1);
      }
    },
    ROUNDS_TIME_LIMIT_MS,
  );

  it(
    "redeems a coupon's last use for exactly one of 8 students",
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const code = `LAST${round}X${crypto.randomUUID().slice(0, 6)}`.toUpperCase();
        const { id } = await createCoupon({ code, discountPercent: 10, maxUses: 3 });
        // Two uses are gone already: the race is for the last one.
        await CouponSlotModel.insertMany(
          [1, 2].map((n) => ({ _id: `${id}#${n}`, couponId: id, n, takenAt: new Date() })),
        );
        await CouponModel.updateOne({ _id: id }, { $set: { usedCount: 2 } });
        const racers = await newStudents(RACERS);
        const answers = await all((i) =>
          create(app, racers[i].cookie, { studentId: racers[i].studentId, couponCode: code }),
        );
        expect(statusesOf(answers)).toEqual([200, ...Array(RACERS - 1).fill(400)]);
        for (const refused of answers.filter((a) => a.status === 400))
          expect(refused.body).toEqual({ message: BILLING_ERRORS.couponUnusable });
        const coupon = (await CouponModel.findOne({ code }).lean())!;
        expect(coupon.usedCount).toBe(3);
        expect(await CouponSlotModel.countDocuments({ couponId: coupon._id })).toBe(3);
        expect(await SimulatedSubscriptionModel.countDocuments({ couponCode: code })).toBe(1);
      }
    },
    ROUNDS_TIME_LIMIT_MS,
  );

  it(
    'gives every coupon use back when the provider refuses 8 subscriptions at once',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const code = `BACK${round}X${crypto.randomUUID().slice(0, 6)}`.toUpperCase();
        await createCoupon({ code, discountPercent: 10, maxUses: RACERS });
        const racers = await newStudents(RACERS);
        fake.reset();
        // Refused (nothing made): every use is given back. An unknown outcome (a 5xx) holds the use for the retry.
        fake.failNext('POST', /^\/v1\/subscriptions$/, 400, 'invalid_request_error', 'Refused.', { times: RACERS });
        const answers = await all((i) =>
          create(stripeApp, racers[i].cookie, { studentId: racers[i].studentId, couponCode: code }),
        );
        expect(statusesOf(answers)).toEqual(Array(RACERS).fill(502));
        const coupon = (await CouponModel.findOne({ code }).lean())!;
        expect(coupon.usedCount).toBe(0);
        expect(await CouponSlotModel.countDocuments({ couponId: coupon._id })).toBe(0);
      }
      fake.reset();
    },
    ROUNDS_TIME_LIMIT_MS,
  );

  it(
    'applies the same webhook event once when it is delivered 8 times at once',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const f = await newStudent();
        const subscriptionId = await providerSubscription(f, 'active');
        await recordSubscription(f.studentId, f.userId, subscriptionId);
        const { payload, header } = signedEvent(
          'customer.subscription.updated',
          subscriptionObject(subscriptionId, f.studentId, 'active'),
        );
        const answers = await all(() =>
          request(app)
            .post('/api/stripe/webhook')
            .set('stripe-signature', header)
            .type('application/json')
            .send(payload),
        );
        expect(statusesOf(answers)).toEqual(Array(RACERS).fill(200));
        await eventsSettled();
        expect(answers.filter((a) => !a.body.duplicate).map((a) => a.body)).toEqual([{ received: true }]);
        expect(answers.filter((a) => a.body.duplicate)).toHaveLength(RACERS - 1);
        expect((await rawStudent(f.studentId))!.subscriptionStatus).toBe('active');
      }
    },
    ROUNDS_TIME_LIMIT_MS,
  );

  it(
    'ends with the state the provider has whatever 8 events of one student arrive at once, in any order',
    async () => {
      const now = Math.floor(Date.now() / 1000);
      for (let round = 0; round < ROUNDS; round++) {
        const f = await newStudent();
        // Every other round the subscription has ended by the time its events arrive.
        const ended = round % 2 === 1;
        const periodEnd = now + 86_400 * 30;
        const subscriptionId = await providerSubscription(f, ended ? 'canceled' : 'active', {
          currentPeriodEnd: periodEnd,
        });
        await recordSubscription(f.studentId, f.userId, subscriptionId);
        // Each event carries an older picture of the subscription; created times run backwards.
        const events = Array.from({ length: RACERS }, (_, i) =>
          signedEvent(
            i === 0 && ended ? 'customer.subscription.deleted' : 'customer.subscription.updated',
            subscriptionObject(subscriptionId, f.studentId, i % 2 ? 'past_due' : 'trialing'),
            { created: now - i },
          ),
        );
        const answers = await all((i) =>
          request(app)
            .post('/api/stripe/webhook')
            .set('stripe-signature', events[i].header)
            .type('application/json')
            .send(events[i].payload),
        );
        expect(statusesOf(answers)).toEqual(Array(RACERS).fill(200));
        await eventsSettled();
        const student = (await rawStudent(f.studentId))!;
        if (ended) {
          expect(student.subscriptionStatus).toBe('canceled');
        } else {
          expect(student.subscriptionStatus).toBe('active');
          expect(student.subscriptionCurrentPeriodEnd).toEqual(new Date(periodEnd * 1000));
        }
      }
    },
    ROUNDS_TIME_LIMIT_MS,
  );

  it(
    'confirms a card once when the confirmation is sent 8 times at once',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const f = await newStudent();
        // Every other student has had the free month: their first invoice is paid instead of a card saved.
        const paying = round % 2 === 1;
        if (paying)
          await StudentTrialModel.create({
            _id: f.studentId,
            userId: f.userId,
            subscriptionId: 'sub_x',
            startedAt: new Date(),
          });
        const created = await create(app, f.cookie, { studentId: f.studentId });
        expect(created.body.type).toBe(paying ? 'payment' : 'setup');
        const confirmation = paying ? 'invoice.paid' : 'setup_intent.succeeded';
        const before = await eventCount(confirmation);
        const answers = await all(() =>
          post('/api/billing/simulate/confirm', f.cookie, { clientSecret: created.body.clientSecret }),
        );
        expect(statusesOf(answers)).toEqual(Array(RACERS).fill(200));
        expect(await eventCount(confirmation)).toBe(before + 1);
        const saved = (await SimulatedSubscriptionModel.findById(created.body.subscriptionId).lean())!;
        expect(saved.paymentMethodId).toMatch(/^pm_sim_/);
        expect((await rawStudent(f.studentId))!.subscriptionStatus).toBe('active');
      }
    },
    ROUNDS_TIME_LIMIT_MS,
  );

  it(
    'cancels at once (the student removed) once, and a renewal failing at the same moment never brings the subscription back',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const f = await newStudent();
        const created = await create(app, f.cookie, { studentId: f.studentId });
        await post('/api/billing/simulate/confirm', f.cookie, { clientSecret: created.body.clientSecret });
        const before = await eventCount('customer.subscription.deleted');
        const answers = await all((i) =>
          i % 2
            ? request(app).post(`/internal/students/${f.studentId}/cancel`).set(internalHeaders()).send({})
            : post('/api/billing/simulate/renewal-failure', f.cookie, { studentId: f.studentId }),
        );
        for (const answer of answers) {
          if (answer.status !== 200)
            expect([
              { status: 409, body: { message: BILLING_ERRORS.subscriptionEnded } },
              { status: 409, body: { message: API_ERRORS.nothingToCancel } },
            ]).toContainEqual({ status: answer.status, body: answer.body });
        }
        expect(answers.some((a, i) => i % 2 === 1 && a.status === 200)).toBe(true);
        expect(await eventCount('customer.subscription.deleted')).toBe(before + 1);
        expect((await SimulatedSubscriptionModel.findById(created.body.subscriptionId).lean())!.status).toBe(
          'canceled',
        );
        expect((await rawStudent(f.studentId))!.subscriptionStatus).toBe('canceled');
        // Nothing is left that could be canceled or renewed again.
        expect(await SubscriptionRecordModel.countDocuments({ _id: f.studentId })).toBe(0);
      }
    },
    ROUNDS_TIME_LIMIT_MS,
  );
});
