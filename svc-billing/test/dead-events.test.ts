import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { logger } from '@logbook/service-kit/logger';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { buildBillingApp } from '../src/app';
import type { PaymentProvider } from '../src/providers/provider';
import { BillingEventModel } from '../src/webhooks/model';
import { eventsSettled, retryEvents } from '../src/webhooks/webhooks';
import { FakeStripe } from './fake-stripe';
import { makeFamily, rawStudent, signedEvent, testConfig, testModels } from './fixtures';

/**
 * An event that fails every time (Stripe cannot be read for it) is set aside as dead after the configured number of
 * attempts, said at error level and on the readiness answer, and an operator's command lists it and queues it again.
 */
const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const fake = new FakeStripe();
let app: ReturnType<typeof buildBillingApp>['app'];
let provider: PaymentProvider;
let dbName: string;

beforeAll(async () => {
  ({ dbName } = await setupTestDatabase(testModels));
  await fake.start();
  ({ app, provider } = buildBillingApp(
    testConfig({
      STRIPE_SECRET_KEY: 'sk_test_dead_events',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_dead_events',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_billing_secret',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(fake.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_MAX_NETWORK_RETRIES: '0',
      STRIPE_TIMEOUT_MS: '2000',
      BILLING_EVENT_MAX_ATTEMPTS: '3',
    }),
  ));
});
afterAll(async () => {
  await fake.stop();
  await teardownTestDatabase();
});

const deadEventsCommand = (...args: string[]) =>
  run('npm', ['run', '--silent', 'billing:dead-events', '--', ...args], {
    cwd: root,
    env: { ...process.env, MONGODB_URI: process.env.MONGODB_URI!, MONGODB_DB: dbName, LOG_LEVEL: 'silent' },
  });

/** Every attempt due now is made, as the background retries would make them over the hours. */
async function retryNow(eventId: string) {
  await BillingEventModel.updateOne({ _id: eventId }, { $set: { nextAttemptAt: new Date() } });
  await retryEvents(provider);
}

it('defaults to 10 attempts, and to a grace of 14 days for a failed renewal', () => {
  expect(testConfig()).toMatchObject({ BILLING_EVENT_MAX_ATTEMPTS: 10, BILLING_GRACE_DAYS: 14 });
});

it('sets aside an event that always fails, says so, and retries it when the operator asks', async () => {
  const family = await makeFamily();
  const made = await request(app)
    .post('/api/create-subscription')
    .set('Cookie', family.cookie)
    .send({ studentId: family.studentId });
  const subscriptionId = made.body.subscriptionId as string;
  const intent = fake.confirmSetup(subscriptionId);
  fake.failNext('GET', /^\/v1\/setup_intents\//, 500, 'api_error', 'Stripe is having a bad day', { times: 100 });
  const errors = jest.spyOn(logger, 'error');

  const event = signedEvent('setup_intent.succeeded', fake.setupIntent(intent) as Record<string, unknown>);
  const res = await request(app)
    .post('/api/stripe/webhook')
    .set('content-type', 'application/json')
    .set('stripe-signature', event.header)
    .send(event.payload);
  expect(res.status).toBe(200);
  await eventsSettled();
  const eventId = JSON.parse(event.payload).id as string;
  expect(await BillingEventModel.findById(eventId).lean()).toMatchObject({ state: 'queued', attempts: 1 });
  await retryNow(eventId);
  await retryNow(eventId);
  const dead = await BillingEventModel.findById(eventId).lean();
  expect(dead).toMatchObject({ state: 'dead', attempts: 3, lastError: expect.stringContaining('bad day') });
  expect(errors.mock.calls.some(([, message]) => String(message).includes('BILLING EVENT DEAD'))).toBe(true);
  errors.mockRestore();
  // No longer retried on its own.
  await retryNow(eventId);
  expect(await BillingEventModel.findById(eventId).lean()).toMatchObject({ state: 'dead', attempts: 3 });
  expect((await request(app).get('/ready')).body).toMatchObject({ status: 'ready', deadEvents: 1 });

  const listed = await deadEventsCommand();
  expect(listed.stdout).toContain(eventId);
  expect(listed.stdout).toContain('setup_intent.succeeded');
  expect(listed.stdout).toContain('bad day');

  // Stripe is back: the operator queues it again, and the service works it through.
  fake.reset();
  expect((await deadEventsCommand('retry', eventId)).stdout).toContain('Queued 1 event(s) again.');
  await retryEvents(provider);
  expect(await BillingEventModel.findById(eventId).lean()).toMatchObject({ state: 'done', outcome: 'applied' });
  expect((await rawStudent(family.studentId))!.subscriptionStatus).toBe('active');
  expect((await request(app).get('/ready')).body).toMatchObject({ deadEvents: 0 });
}, 60_000);

it('works through an event an earlier release left processing with no lease', async () => {
  const family = await makeFamily();
  const made = await request(app)
    .post('/api/create-subscription')
    .set('Cookie', family.cookie)
    .send({ studentId: family.studentId });
  const subscriptionId = made.body.subscriptionId as string;
  await BillingEventModel.collection.insertOne({
    _id: 'evt_left_by_an_earlier_release' as never,
    type: 'customer.subscription.created',
    created: new Date(),
    receivedAt: new Date(),
    outcome: 'processing',
    objectId: subscriptionId,
    state: 'processing',
  });
  await retryEvents(provider);
  expect(await BillingEventModel.findById('evt_left_by_an_earlier_release').lean()).toMatchObject({
    state: 'done',
    outcome: 'applied',
  });
  expect((await rawStudent(family.studentId))!.providerStatus).toBe('trialing');
});
