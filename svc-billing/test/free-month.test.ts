import mongoose from 'mongoose';
import request from 'supertest';
import { internalHeaders } from '@logbook/service-kit/internal';
import { servePeers, setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createLogbookApp, logbookModels } from 'svc-logbook/app';
import { createApp as createStudentsApp } from 'svc-students/app';
import { createApp } from '../src/app';
import { SimulatedSubscriptionModel } from '../src/providers/simulated-model';
import { FreeMonthModel } from '../src/subscriptions/model';
import { FakeStripe } from './fake-stripe';
import { makeFamily, testConfig, testModels, WEBHOOK_SECRET, type Family } from './fixtures';

/**
 * One free month per student, remembered by the family and the student's name and date of birth: removing a student
 * and adding them again does not give a second one. Billing is served as the removal reaches it, first with the
 * simulated provider, then with the real Stripe SDK against a local Stripe-shaped server.
 */
const fake = new FakeStripe();
const students = createStudentsApp();
const simulated = createApp(testConfig());
let stripe: ReturnType<typeof createApp>;

beforeAll(async () => {
  await setupTestDatabase([...testModels, ...logbookModels]);
  await fake.start();
  stripe = createApp(
    testConfig({
      STRIPE_SECRET_KEY: 'sk_test_free_month',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_free_month',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(fake.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_MAX_NETWORK_RETRIES: '0',
      STRIPE_TIMEOUT_MS: '2000',
    }),
  );
  await servePeers({ logbook: createLogbookApp() });
});
afterAll(async () => {
  await fake.stop();
  await teardownTestDatabase();
});

type Billing = typeof simulated;
interface Learner {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

async function addStudent(family: Family, learner: Learner): Promise<number> {
  const res = await request(students).post('/api/students').set('Cookie', family.cookie).send(learner);
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function removeStudent(family: Family, studentId: number) {
  const res = await request(students).delete(`/api/students/${studentId}`).set('Cookie', family.cookie);
  expect(res.status).toBe(204);
}

const trialAvailable = async (billing: Billing, family: Family, studentId: number) => {
  const res = await request(billing).get(`/api/subscription/${studentId}`).set('Cookie', family.cookie);
  expect(res.status).toBe(200);
  return res.body.trialAvailable as boolean;
};

/** Subscribes and answers what the browser is asked to confirm: 'setup' saves a card for a trial, 'payment' pays now. */
async function subscribe(billing: Billing, family: Family, studentId: number) {
  const res = await request(billing).post('/api/create-subscription').set('Cookie', family.cookie).send({ studentId });
  expect(res.status).toBe(200);
  return res.body as { subscriptionId: string; type: string };
}

const ANH: Learner = { firstName: 'Nguyễn Thị', lastName: 'Ánh', dateOfBirth: '2009-03-14' };

describe.each([
  ['the simulated provider', () => simulated],
  ['the Stripe provider', () => stripe],
])('one free month per student, with %s', (name, billingApp) => {
  let billing: Billing;
  const usesStripe = name.includes('Stripe');

  beforeAll(async () => {
    billing = billingApp();
    // svc-students' removal reaches this billing app, as it would reach the service.
    await servePeers({ billing });
  });

  /** Whether the provider was asked for a trial for this subscription, as it recorded it. */
  async function providerTrial(subscriptionId: string): Promise<boolean> {
    if (usesStripe) return fake.subscriptionStates.get(subscriptionId)?.status === 'trialing';
    return Boolean((await SimulatedSubscriptionModel.findById(subscriptionId).lean())?.trialEnd);
  }

  it('removing a student and adding them again (same name and birthday) gives no second free month', async () => {
    const family = await makeFamily();
    const first = await addStudent(family, ANH);
    expect(await trialAvailable(billing, family, first)).toBe(true);
    const trial = await subscribe(billing, family, first);
    expect(trial.type).toBe('setup');
    expect(await providerTrial(trial.subscriptionId)).toBe(true);

    await removeStudent(family, first);
    // Spelt a little differently: the same student all the same.
    const again = await addStudent(family, { firstName: 'nguyen thi', lastName: 'ANH', dateOfBirth: '2009-03-14' });
    expect(again).not.toBe(first);
    expect(await trialAvailable(billing, family, again)).toBe(false);
    const paid = await subscribe(billing, family, again);
    expect(paid.type).toBe('payment');
    expect(await providerTrial(paid.subscriptionId)).toBe(false);
    if (usesStripe) {
      const asked = fake.calls('POST', '/v1/subscriptions').map((c) => c.body);
      expect(
        asked.find((b) => b.metadata && (b.metadata as Record<string, string>).studentId === String(again)),
      ).not.toHaveProperty('trial_period_days');
    }
  });

  it('another family with a student of the same name and birthday still has their free month', async () => {
    const family = await makeFamily();
    const theirs = await addStudent(family, ANH);
    await subscribe(billing, family, theirs);
    await removeStudent(family, theirs);

    const other = await makeFamily();
    const ours = await addStudent(other, ANH);
    expect(await trialAvailable(billing, other, ours)).toBe(true);
    const trial = await subscribe(billing, other, ours);
    expect(trial.type).toBe('setup');
    expect(await providerTrial(trial.subscriptionId)).toBe(true);
  });

  it('a sibling, or a student with another birthday, has a free month of their own', async () => {
    const family = await makeFamily();
    const first = await addStudent(family, ANH);
    await subscribe(billing, family, first);
    await removeStudent(family, first);
    const sibling = await addStudent(family, { ...ANH, firstName: 'Nguyễn Văn' });
    const twinLater = await addStudent(family, { ...ANH, dateOfBirth: '2010-03-14' });
    for (const id of [sibling, twinLater]) {
      expect(await trialAvailable(billing, family, id)).toBe(true);
      expect((await subscribe(billing, family, id)).type).toBe('setup');
    }
  });

  it('renaming the student before removing them does not open a second free month', async () => {
    const family = await makeFamily();
    const first = await addStudent(family, {
      firstName: 'Γιώργος',
      lastName: 'Παπαδόπουλος',
      dateOfBirth: '2008-11-02',
    });
    await subscribe(billing, family, first);
    const renamed = { firstName: 'Γιώργης', lastName: 'Παπαδόπουλος', dateOfBirth: '2008-11-02' };
    const edit = await request(students).put(`/api/students/${first}`).set('Cookie', family.cookie).send(renamed);
    expect(edit.status).toBe(200);
    await removeStudent(family, first);
    const again = await addStudent(family, renamed);
    expect(await trialAvailable(billing, family, again)).toBe(false);
    expect((await subscribe(billing, family, again)).type).toBe('payment');
  });
});

describe('what is kept of a free month', () => {
  beforeAll(async () => {
    await servePeers({ billing: simulated });
  });

  it("is a hash of the family's address, name and date of birth, and outlives the account", async () => {
    const family = await makeFamily();
    const id = await addStudent(family, { firstName: '王', lastName: '小明', dateOfBirth: '2009-07-01' });
    const before = await FreeMonthModel.countDocuments();
    await subscribe(simulated, family, id);
    await removeStudent(family, id);
    const kept = await FreeMonthModel.find().sort({ startedAt: -1 }).limit(1).lean();
    expect((await FreeMonthModel.countDocuments()) - before).toBe(1);
    expect(kept[0]._id).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(kept)).not.toMatch(/王|小明|2009-07-01|userId/);

    // The account closes; another is opened at the same address (typed another way), and the learner added again.
    const deleted = await request(simulated).delete(`/internal/families/${family.userId}`).set(internalHeaders());
    expect(deleted.status).toBe(204);
    await mongoose.connection.collection('users').deleteOne({ _id: family.userId as never });
    const again = await makeFamily();
    await mongoose.connection
      .collection('users')
      .updateOne({ _id: again.userId as never }, { $set: { email: family.email.toUpperCase() } });
    const readded = await addStudent(again, { firstName: '王', lastName: '小明', dateOfBirth: '2009-07-01' });
    expect(await trialAvailable(simulated, again, readded)).toBe(false);
  });

  it('reads a look-alike letter of another script as the letter it looks like', async () => {
    const family = await makeFamily();
    const first = await addStudent(family, { firstName: 'Sam', lastName: 'Lee', dateOfBirth: '2009-05-05' });
    await subscribe(simulated, family, first);
    await removeStudent(family, first);
    // A Cyrillic "а" and "е" in place of the Latin ones.
    const again = await addStudent(family, {
      firstName: 'S\u0430m',
      lastName: 'L\u0435\u0435',
      dateOfBirth: '2009-05-05',
    });
    expect(await trialAvailable(simulated, family, again)).toBe(false);
  });

  it('remembers every name and birthday a learner had while their free month ran', async () => {
    const family = await makeFamily();
    const sam = { firstName: 'Sam', lastName: 'Ng', dateOfBirth: '2009-06-06' };
    const first = await addStudent(family, sam);
    await subscribe(simulated, family, first);
    for (const dateOfBirth of ['2009-06-07', '2009-06-06']) {
      const edit = await request(students)
        .put(`/api/students/${first}`)
        .set('Cookie', family.cookie)
        .send({ ...sam, dateOfBirth });
      expect(edit.status).toBe(200);
    }
    await removeStudent(family, first);
    const again = await addStudent(family, { ...sam, dateOfBirth: '2009-06-07' });
    expect(await trialAvailable(simulated, family, again)).toBe(false);
  });
});
