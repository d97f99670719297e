import crypto from 'node:crypto';
import Stripe from 'stripe';
import { call, endWorld, makeWorld, sessionBody, type World } from './world';

const { startJongodb } =
  require('../../packages/service-kit/src/embedded-db') as typeof import('../../packages/service-kit/src/embedded-db');

const WEBHOOK_SECRET = `whsec_${crypto.randomBytes(16).toString('hex')}`;
let world: World;
let restartedDb: { stop(): Promise<void> } | undefined;

beforeAll(async () => {
  world = await makeWorld({ ownDatabase: true, env: { SIMULATED_WEBHOOK_SECRET: WEBHOOK_SECRET } });
}, 240_000);
afterAll(async () => {
  await endWorld(world);
  await restartedDb?.stop();
});

async function until(check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe('a service process dies', () => {
  it('answers 503 JSON at once, says so in /api/health, and recovers when the service is back', async () => {
    await world.stack.stopService('students');
    const res = await call(world.stack.url, 'GET', '/api/students', { cookie: world.cookies.parentA });
    expect(res.status).toBe(503);
    expect(res.json.message).toEqual(expect.any(String));
    const health = await call(world.stack.url, 'GET', '/api/health');
    expect(health.json.services.students.status).toBe('unavailable');
    // The other services carry on.
    expect((await call(world.stack.url, 'GET', '/api/user', { cookie: world.cookies.parentA })).status).toBe(200);

    await world.stack.startService('students');
    const back = await call(world.stack.url, 'GET', '/api/students', { cookie: world.cookies.parentA });
    expect(back.status).toBe(200);
    expect(back.json.length).toBe(5);
  }, 120_000);
});

describe('webhook storms', () => {
  // Billing owns the subscription: its record of the student holds the provider's id and the status.
  const subscriptions = () => world.db.collection('student_subscriptions');
  const billingStatus = async () =>
    (await subscriptions().findOne({ _id: world.ids.A2 as never }))!.subscriptionStatus as string;

  /** The provider's own record changes with no event sent yet, as when a change is made in Stripe's dashboard. */
  async function providerSets(status: string) {
    const billing = await subscriptions().findOne({ _id: world.ids.A2 as never });
    const changed = await world.db
      .collection('simulated_subscriptions')
      .updateOne({ _id: billing!.stripeSubscriptionId as never }, { $set: { status } });
    expect(changed.matchedCount).toBe(1);
  }

  /**
   * Subscription events whose payloads claim these statuses, newest last, each delivered three times over, shuffled
   * and all at once. Returns the status billing ends at, once svc-students has heard the same.
   */
  async function storm(claimed: string[]) {
    const billing = await subscriptions().findOne({ _id: world.ids.A2 as never });
    const subscriptionId = billing!.stripeSubscriptionId as string;
    expect(subscriptionId).toEqual(expect.any(String));
    // Stripe's events carry its own time, never ahead of it: the newest is of this second, the others just before.
    const base = Math.floor(Date.now() / 1000) - (claimed.length - 1);
    const events = claimed.map((status, i) => ({
      id: `evt_storm_${crypto.randomUUID()}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      type: 'customer.subscription.updated',
      created: base + i,
      data: {
        object: {
          id: subscriptionId,
          object: 'subscription',
          status,
          default_payment_method: 'pm_storm',
          metadata: { studentId: String(world.ids.A2) },
        },
      },
    }));
    const deliveries = [...events, ...events, ...events].sort(() => Math.random() - 0.5);
    const results = await Promise.all(
      deliveries.map((event) => {
        const payload = JSON.stringify(event);
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
        return call(world.stack.url, 'POST', '/api/stripe/webhook', {
          raw: payload,
          headers: { 'stripe-signature': signature },
        });
      }),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    // Each event is counted once, however often it came.
    const counted = await world.db
      .collection('billing_events')
      .countDocuments({ _id: { $in: events.map((e) => e.id) } as never });
    expect(counted).toBe(events.length);
    // Answered at once, worked through from billing's queue: the status is read once every event is done.
    const done = async () =>
      (await world.db
        .collection('billing_events')
        .countDocuments({ _id: { $in: events.map((e) => e.id) } as never, state: { $ne: 'done' } })) === 0;
    expect(await until(done, 10_000)).toBe(true);
    const status = await billingStatus();
    // svc-students hears the same outcome from billing's events.
    const heard = async () =>
      (await world.db.collection('students').findOne({ _id: world.ids.A2 as never }))!.subscriptionStatus === status;
    expect(await until(heard, 10_000)).toBe(true);
    return status;
  }

  it("ends at the provider's current state, whatever the events claim, their order or how often they come", async () => {
    expect(await billingStatus()).toBe('active');
    // Every retry of a renewal failed at the provider (unpaid: owed, no logging); every event's payload, the newest
    // above all, still says active.
    await providerSets('unpaid');
    expect(await billingStatus()).toBe('active');
    expect(await storm(['trialing', 'active', 'past_due', 'active', 'past_due', 'active', 'past_due', 'active'])).toBe(
      'past_due',
    );
    // And back: the provider is active again while the newest payload says past due.
    await providerSets('active');
    expect(await storm(['active', 'past_due', 'active', 'past_due', 'active', 'past_due'])).toBe('active');
  }, 90_000);

  it('stays canceled once the provider has canceled, and no older or replayed event revives it', async () => {
    // A renewal fails first: the parent's cancel of a subscription that is owed ends it at once (a running one would
    // end with its period).
    const failed = await call(world.stack.url, 'POST', '/api/billing/simulate/renewal-failure', {
      cookie: world.cookies.parentA,
      body: { studentId: world.ids.A2 },
    });
    expect(failed.status).toBe(200);
    const canceled = await call(world.stack.url, 'POST', '/api/cancel-subscription', {
      cookie: world.cookies.parentA,
      body: { studentId: world.ids.A2 },
    });
    expect(canceled.status).toBe(200);
    expect(await billingStatus()).toBe('canceled');
    expect(await storm(['trialing', 'active', 'past_due', 'active'])).toBe('canceled');
    // Even a provider read that says live again does not bring a canceled subscription back.
    await providerSets('active');
    expect(await storm(['past_due', 'active'])).toBe('canceled');
  }, 60_000);
});

describe('the database goes away', () => {
  it('reports not ready, answers 503, and resumes without restarting the services', async () => {
    const db = world.stack.database!;
    const port = Number(new URL(db.uri).port);
    await world.db.close();
    await db.stop();
    const logbook = world.stack.services.logbook;
    expect(await until(async () => (await fetch(`${logbook}/ready`)).status === 503)).toBe(true);
    const res = await call(world.stack.url, 'GET', `/api/driving-sessions/${world.ids.A1}`, {
      cookie: world.cookies.parentA,
    });
    expect(res.status).toBe(503);
    expect(res.json.message).toEqual(expect.any(String));

    restartedDb = await startJongodb(port);
    expect(await until(async () => (await fetch(`${logbook}/ready`)).status === 200, 60_000)).toBe(true);
    // The in-memory server came back empty: a new family can register and log a session straight away.
    const email = `after-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(
      (await call(world.stack.url, 'POST', '/api/register', { body: { email, password: 'secret-pass' } })).status,
    ).toBe(201);
    const login = await call(world.stack.url, 'POST', '/api/login', { body: { email, password: 'secret-pass' } });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const made = await call(world.stack.url, 'POST', '/api/students', {
      cookie,
      body: { firstName: 'Zoe', lastName: 'Later', dateOfBirth: '2009-01-01' },
    });
    expect(made.status).toBe(201);
    const refused = await call(world.stack.url, 'POST', '/api/driving-sessions', {
      cookie,
      body: sessionBody(made.json.id),
    });
    expect(refused.status).toBe(403);
  }, 180_000);
});
