import request from 'supertest';
import Stripe from 'stripe';
import { servePeers, setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createLogbookApp, logbookModels } from 'svc-logbook/app';
import { createApp as createStudentsApp } from 'svc-students/app';
import { createApp } from '../src/app';
import { StudentBillingModel, SubscriptionRecordModel } from '../src/subscriptions/model';
import { eventsSettled } from '../src/webhooks/webhooks';
import { FakeStripe } from './fake-stripe';
import { makeFamily, ownerStudent, testConfig, testModels, WEBHOOK_SECRET } from './fixtures';

/**
 * A parent subscribes a learner while removing them, round after round, each at a different moment of the other
 * (Stripe taking its time to make the subscription). Whatever the order, the family never pays for a learner who is
 * gone: the removal either waits (409, the learner stays) or leaves no live subscription at Stripe once Stripe's
 * events have arrived.
 */
const ROUNDS = 40;
const fake = new FakeStripe();
const students = createStudentsApp();
let billing: ReturnType<typeof createApp>;

beforeAll(async () => {
  await setupTestDatabase([...testModels, ...logbookModels]);
  await fake.start();
  billing = createApp(
    testConfig({
      STRIPE_SECRET_KEY: 'sk_test_removal_races',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_removal_races',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(fake.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_MAX_NETWORK_RETRIES: '0',
      STRIPE_TIMEOUT_MS: '3000',
    }),
  );
  await makeFamily();
  await servePeers({ logbook: createLogbookApp(), billing });
});
afterAll(async () => {
  await fake.stop();
  await teardownTestDatabase();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stripe tells of every subscription it has for the student, as it has it now. */
async function stripeTellsOf(studentId: number) {
  for (const s of fake.subscriptionsOf(studentId)) {
    const payload = JSON.stringify(fake.event('customer.subscription.created', fake.subscription(s.id)));
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await request(billing)
      .post('/api/stripe/webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', header)
      .send(payload);
    expect(res.status).toBe(200);
  }
  await eventsSettled();
}

const live = (studentId: number) => fake.subscriptionsOf(studentId).filter((s) => s.status !== 'canceled');

it('a subscribe racing the learner removal never leaves a live subscription for a learner who is gone', async () => {
  const outcomes = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round++) {
    const family = await makeFamily();
    fake.slowNext('POST', /^\/v1\/subscriptions$/, 50 + (round % 5) * 60);
    // Either one starts first, by up to 175 ms.
    const head = (round % 8) * 25;
    const [subscribe, removal] = await Promise.all([
      sleep(round % 2 ? head : 0).then(() =>
        request(billing).post('/api/create-subscription').set('Cookie', family.cookie).send({
          studentId: family.studentId,
        }),
      ),
      sleep(round % 2 ? 0 : head).then(() =>
        request(students).delete(`/api/students/${family.studentId}`).set('Cookie', family.cookie),
      ),
    ]);
    const key = `${subscribe.status}/${removal.status}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    expect([200, 404, 409]).toContain(subscribe.status);
    expect([204, 409]).toContain(removal.status);
    await sleep(400);
    await stripeTellsOf(family.studentId);
    if (removal.status === 409) {
      // It waited for the subscription being made: the learner stays, and removing them again ends it.
      expect(removal.body.message).toMatch(/subscription is being set up right now\. Nothing was deleted/);
      expect(await ownerStudent(family.studentId)).not.toBeNull();
      const again = await request(students).delete(`/api/students/${family.studentId}`).set('Cookie', family.cookie);
      expect(again.status).toBe(204);
      await stripeTellsOf(family.studentId);
    }
    expect(await ownerStudent(family.studentId)).toBeNull();
    expect(live(family.studentId)).toEqual([]);
    expect(await StudentBillingModel.exists({ _id: family.studentId })).toBeNull();
    expect(await SubscriptionRecordModel.exists({ _id: family.studentId })).toBeNull();
  }
  // Both orders were met: some removals came first, some waited for the subscribe.
  expect([...outcomes.keys()]).toEqual(expect.arrayContaining(['200/409', '404/204']));
}, 300_000);
