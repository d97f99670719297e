import mongoose from 'mongoose';
import request from 'supertest';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import { internalHeaders } from '@logbook/service-kit/internal';
import { setupTestDatabase, studentCookie, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createApp } from '../src/app';
import { SimulatedSubscriptionModel } from '../src/providers/simulated-model';
import { StudentRemovalModel, SubscriptionRecordModel } from '../src/subscriptions/model';
import { BillingEventModel } from '../src/webhooks/model';
import { makeFamily, rawStudent, testConfig, testModels } from './fixtures';

const app = createApp(testConfig());

beforeAll(async () => {
  await setupTestDatabase(testModels);
});
afterAll(teardownTestDatabase);

const create = (cookie: string, body: unknown) =>
  request(app)
    .post('/api/create-subscription')
    .set('Cookie', cookie)
    .send(body as object);
const cancel = (cookie: string, body: unknown) =>
  request(app)
    .post('/api/cancel-subscription')
    .set('Cookie', cookie)
    .send(body as object);
const confirm = (cookie: string, clientSecret: unknown) =>
  request(app).post('/api/billing/simulate/confirm').set('Cookie', cookie).send({ clientSecret });
const view = (cookie: string, studentId: number | string) =>
  request(app).get(`/api/subscription/${studentId}`).set('Cookie', cookie);
const DAY_MS = 86_400_000;

describe('simulated provider: the subscription journey', () => {
  it('says it is simulated', async () => {
    const res = await request(app).get('/api/billing/config');
    expect(res.body).toEqual({ provider: 'simulated' });
  });

  it('create → confirm → active → cancel at the period end → removed, canceled at once → subscribe again', async () => {
    const f = await makeFamily();
    const created = await create(f.cookie, { studentId: f.studentId });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      subscriptionId: expect.stringMatching(/^sub_sim_/),
      clientSecret: expect.stringMatching(/^seti_sim_\w+_secret_\w+$/),
      type: 'setup',
    });
    // Stripe's created event (a trial with no card yet) went through the webhook handler.
    let state = await view(f.cookie, f.studentId);
    expect(state.body).toMatchObject({
      studentId: f.studentId,
      status: 'incomplete',
      subscriptionId: created.body.subscriptionId,
    });
    expect(Date.parse(state.body.trialEnd) - Date.now()).toBeGreaterThan(29 * DAY_MS);
    expect(Date.parse(state.body.trialEnd) - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);

    const confirmed = await confirm(f.cookie, created.body.clientSecret);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'succeeded', subscription: { status: 'active' } });
    state = await view(f.cookie, f.studentId);
    expect(state.body.status).toBe('active');
    expect((await rawStudent(f.studentId))!.subscriptionStatus).toBe('active');
    const types = (await BillingEventModel.find({}).lean()).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'customer.subscription.created',
        'setup_intent.succeeded',
        'customer.subscription.updated',
      ]),
    );

    const again = await create(f.cookie, { studentId: f.studentId });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: API_ERRORS.alreadySubscribed });

    // The parent's cancel keeps the free month already begun: the subscription ends with it.
    const ending = await cancel(f.cookie, { studentId: f.studentId });
    expect(ending.status).toBe(200);
    expect(ending.body).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      subscriptionId: created.body.subscriptionId,
    });
    expect((await SimulatedSubscriptionModel.findById(created.body.subscriptionId).lean())!.cancelAtPeriodEnd).toBe(
      true,
    );
    // Removing the student ends it at once.
    const removed = await request(app).post(`/internal/students/${f.studentId}/cancel`).set(internalHeaders()).send({});
    expect(removed.status).toBe(200);
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect((await SimulatedSubscriptionModel.findById(created.body.subscriptionId).lean())!.status).toBe('canceled');

    const nothing = await cancel(f.cookie, { studentId: f.studentId });
    expect(nothing.status).toBe(409);
    expect(nothing.body).toEqual({ message: API_ERRORS.nothingToCancel });
    // The old secret can no longer be confirmed.
    expect((await confirm(f.cookie, created.body.clientSecret)).status).toBe(409);

    // While the removal goes on, no subscription starts for the student; one stopped half-way frees it after a while.
    expect((await create(f.cookie, { studentId: f.studentId })).status).toBe(404);
    await StudentRemovalModel.updateOne({ _id: f.studentId }, { $set: { until: new Date(Date.now() - 1000) } });
    const renewed = await create(f.cookie, { studentId: f.studentId });
    expect(renewed.status).toBe(200);
    expect(renewed.body.subscriptionId).not.toBe(created.body.subscriptionId);
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({
      status: 'incomplete',
      subscriptionId: renewed.body.subscriptionId,
    });
    expect((await confirm(f.cookie, renewed.body.clientSecret)).status).toBe(200);
    expect((await view(f.cookie, f.studentId)).body.status).toBe('active');
  });

  it('cancel at the period end, resume, and a new card through a SetupIntent of its own', async () => {
    const f = await makeFamily();
    const created = await create(f.cookie, { studentId: f.studentId });
    expect((await confirm(f.cookie, created.body.clientSecret)).status).toBe(200);
    const post = (path: string) => request(app).post(path).set('Cookie', f.cookie).send({ studentId: f.studentId });

    expect((await post('/api/cancel-subscription')).body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await post('/api/billing/resume')).body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect((await view(f.cookie, f.studentId)).body.cancelAtPeriodEnd).toBe(false);

    const before = (await SimulatedSubscriptionModel.findById(created.body.subscriptionId).lean())!.paymentMethodId;
    const change = await post('/api/billing/card');
    expect(change.status).toBe(200);
    expect(change.body).toEqual({
      subscriptionId: created.body.subscriptionId,
      clientSecret: expect.stringMatching(/^seti_sim_\w+_secret_\w+$/),
      type: 'setup',
    });
    expect(change.body.clientSecret).not.toBe(created.body.clientSecret);
    const changed = await confirm(f.cookie, change.body.clientSecret);
    expect(changed.body).toMatchObject({ status: 'succeeded', subscription: { status: 'active' } });
    const after = (await SimulatedSubscriptionModel.findById(created.body.subscriptionId).lean())!.paymentMethodId;
    expect(after).toMatch(/^pm_sim_/);
    expect(after).not.toBe(before);
  });

  it('gives each student one free trial: subscribing again after a cancel is paid from today', async () => {
    const f = await makeFamily();
    expect((await view(f.cookie, f.studentId)).body.trialAvailable).toBe(true);
    const first = await create(f.cookie, { studentId: f.studentId });
    expect(first.body.type).toBe('setup');
    expect((await view(f.cookie, f.studentId)).body).toMatchObject({ status: 'incomplete', trialAvailable: false });
    expect((await cancel(f.cookie, { studentId: f.studentId })).body).toMatchObject({
      status: 'canceled',
      trialAvailable: false,
    });

    const again = await create(f.cookie, { studentId: f.studentId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      subscriptionId: expect.stringMatching(/^sub_sim_/),
      clientSecret: expect.stringMatching(/^pi_sim_\w+_secret_\w+$/),
      type: 'payment',
    });
    const made = (await SimulatedSubscriptionModel.findById(again.body.subscriptionId).lean())!;
    expect(made).toMatchObject({ status: 'incomplete', trialEnd: null, setupIntentId: null });
    let state = await view(f.cookie, f.studentId);
    expect(state.body).toMatchObject({ status: 'incomplete', trialEnd: null, trialAvailable: false });

    // Paying the first invoice starts the subscription at once.
    const paidBefore = await BillingEventModel.countDocuments({ type: 'invoice.paid', outcome: 'applied' });
    const confirmed = await confirm(f.cookie, again.body.clientSecret);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'succeeded', subscription: { status: 'active' } });
    expect(await BillingEventModel.countDocuments({ type: 'invoice.paid', outcome: 'applied' })).toBe(paidBefore + 1);
    state = await view(f.cookie, f.studentId);
    expect(state.body).toMatchObject({ status: 'active', trialEnd: null, trialAvailable: false });
    expect(Date.parse(state.body.currentPeriodEnd) - Date.now()).toBeGreaterThan(29 * DAY_MS);
  });

  it('gives a student waiting for a card the same subscription back', async () => {
    const f = await makeFamily();
    const first = await create(f.cookie, { studentId: f.studentId });
    const second = await create(f.cookie, { studentId: f.studentId });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await SimulatedSubscriptionModel.countDocuments({ studentId: f.studentId })).toBe(1);
  });

  it('makes one subscription when several requests race', async () => {
    const f = await makeFamily();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(f.cookie, { studentId: f.studentId })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.subscriptionId)).size).toBe(1);
    expect(await SimulatedSubscriptionModel.countDocuments({ studentId: f.studentId })).toBe(1);
  });

  it('keeps a failed renewal in its grace period (still active, payment needed); it cannot start another', async () => {
    const f = await makeFamily();
    const created = await create(f.cookie, { studentId: f.studentId });
    await confirm(f.cookie, created.body.clientSecret);
    const failed = await request(app)
      .post('/api/billing/simulate/renewal-failure')
      .set('Cookie', f.cookie)
      .send({ studentId: f.studentId });
    expect(failed.status).toBe(200);
    // Stripe retries the card meanwhile: logging goes on, and the card says a payment is needed.
    expect(failed.body).toMatchObject({ status: 'active' });
    expect((await BillingEventModel.countDocuments({ type: 'invoice.payment_failed' })) > 0).toBe(true);
    const again = await create(f.cookie, { studentId: f.studentId });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: API_ERRORS.alreadySubscribed });
    expect(failed.body).toMatchObject({ nextStep: 'payment_needed' });
    // The parent is emailed (through svc-auth's mail queue) once.
    expect(
      await mongoose.connection.collection('mail_queue').countDocuments({ to: f.email, kind: 'payment_failed' }),
    ).toBe(1);
    // A subscription in its grace period can still be canceled.
    expect((await cancel(f.cookie, { studentId: f.studentId })).body.status).toBe('canceled');
  });

  it('lets the parent pay a failed renewal: the open invoice is paid and the student is active again', async () => {
    const f = await makeFamily();
    const created = await create(f.cookie, { studentId: f.studentId });
    await confirm(f.cookie, created.body.clientSecret);
    await request(app)
      .post('/api/billing/simulate/renewal-failure')
      .set('Cookie', f.cookie)
      .send({ studentId: f.studentId });
    const pay = await request(app)
      .post('/api/billing/payment')
      .set('Cookie', f.cookie)
      .send({ studentId: f.studentId });
    expect(pay.status).toBe(200);
    expect(pay.body).toMatchObject({ subscriptionId: created.body.subscriptionId, type: 'payment' });
    expect(pay.body.clientSecret).not.toBe(created.body.clientSecret);
    const paid = await confirm(f.cookie, pay.body.clientSecret);
    expect(paid.status).toBe(200);
    expect(paid.body.subscription).toMatchObject({ status: 'active', nextStep: null });
    const nothing = await request(app)
      .post('/api/billing/payment')
      .set('Cookie', f.cookie)
      .send({ studentId: f.studentId });
    expect(nothing.status).toBe(409);
  });

  it('answers 409 to a cancel while the subscription is still being set up', async () => {
    const f = await makeFamily();
    await SubscriptionRecordModel.create({
      _id: f.studentId,
      userId: f.userId,
      state: 'creating',
      attemptKey: 'k-busy',
      startedAt: new Date(),
      updatedAt: new Date(),
    });
    const res = await cancel(f.cookie, { studentId: f.studentId });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: BILLING_ERRORS.subscriptionInProgress });
  });

  it('takes over a set-up left unfinished by a process that stopped, with the same idempotency key', async () => {
    const f = await makeFamily();
    const key = `subscription-${f.studentId}-left-behind`;
    await SubscriptionRecordModel.create({
      _id: f.studentId,
      userId: f.userId,
      state: 'creating',
      attemptKey: key,
      startedAt: new Date(Date.now() - 60 * 60 * 1000),
      updatedAt: new Date(),
    });
    const res = await create(f.cookie, { studentId: f.studentId });
    expect(res.status).toBe(200);
    expect(await SimulatedSubscriptionModel.findOne({ studentId: f.studentId }).lean()).toMatchObject({
      _id: res.body.subscriptionId,
      idempotencyKey: key,
    });
    expect(await SubscriptionRecordModel.findById(f.studentId).lean()).toMatchObject({
      state: 'created',
      subscriptionId: res.body.subscriptionId,
    });
  });

  it('answers 409 when there is nothing to cancel', async () => {
    const f = await makeFamily();
    const res = await cancel(f.cookie, { studentId: f.studentId });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: API_ERRORS.nothingToCancel });
    expect((await rawStudent(f.studentId))!.subscriptionStatus).toBe('inactive');
  });

  it('refuses an unknown client secret', async () => {
    const f = await makeFamily();
    const res = await confirm(f.cookie, 'seti_sim_nope_secret_nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: BILLING_ERRORS.unknownClientSecret });
  });
});

describe('ownership and sign-in', () => {
  it("another parent can neither create, cancel, read nor confirm a student's subscription (404)", async () => {
    const owner = await makeFamily();
    const stranger = await makeFamily();
    const created = await create(owner.cookie, { studentId: owner.studentId });
    const before = await rawStudent(owner.studentId);

    for (const res of [
      await create(stranger.cookie, { studentId: owner.studentId }),
      await cancel(stranger.cookie, { studentId: owner.studentId }),
      await view(stranger.cookie, owner.studentId),
      await request(app)
        .post('/api/billing/simulate/renewal-failure')
        .set('Cookie', stranger.cookie)
        .send({ studentId: owner.studentId }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: API_ERRORS.studentNotFound });
    }
    const confirmed = await confirm(stranger.cookie, created.body.clientSecret);
    expect(confirmed.status).toBe(404);
    expect(confirmed.body).toEqual({ message: BILLING_ERRORS.unknownClientSecret });
    expect(await rawStudent(owner.studentId)).toEqual(before);
    expect((await view(owner.cookie, owner.studentId)).body.status).toBe('incomplete');
  });

  it('answers 401 without a parent sign-in (no cookie, or a student cookie)', async () => {
    const f = await makeFamily();
    const asStudent = await studentCookie(f.studentId, f.userId);
    for (const cookie of ['', asStudent]) {
      const calls = [
        request(app).post('/api/create-subscription').set('Cookie', cookie).send({ studentId: f.studentId }),
        request(app).post('/api/cancel-subscription').set('Cookie', cookie).send({ studentId: f.studentId }),
        request(app).get(`/api/subscription/${f.studentId}`).set('Cookie', cookie),
        request(app).post('/api/billing/simulate/confirm').set('Cookie', cookie).send({ clientSecret: 'x' }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: API_ERRORS.unauthenticated });
      }
    }
    expect((await rawStudent(f.studentId))!.subscriptionStatus).toBe('inactive');
  });

  it('answers 404 for a student that does not exist', async () => {
    const f = await makeFamily();
    expect((await create(f.cookie, { studentId: 99999999 })).status).toBe(404);
    expect((await view(f.cookie, 99999999)).status).toBe(404);
  });
});

describe('hostile input', () => {
  it.each([
    ['an operator for the student id', { studentId: { $gt: '' } }, VALIDATION.studentIdRequired],
    ['an array for the student id', { studentId: [1] }, VALIDATION.studentIdRequired],
    ['a word for the student id', { studentId: 'abc' }, VALIDATION.studentIdRequired],
    ['a negative student id', { studentId: -3 }, undefined],
    ['no student id', {}, VALIDATION.studentIdRequired],
    ['an operator for the coupon', { studentId: 1, couponCode: { $ne: null } }, BILLING_ERRORS.couponUnusable],
    ['a huge coupon code', { studentId: 1, couponCode: 'x'.repeat(5000) }, BILLING_ERRORS.couponUnusable],
  ])('create refuses %s with 400 and makes nothing', async (_name, body, message) => {
    const f = await makeFamily();
    const res = await create(f.cookie, {
      ...body,
      ...('studentId' in body && body.studentId === 1 ? { studentId: f.studentId } : {}),
    });
    expect(res.status).toBe(400);
    if (message) expect(res.body).toEqual({ message });
    else expect(res.body.message).toEqual(expect.any(String));
    expect(await SimulatedSubscriptionModel.countDocuments({ studentId: f.studentId })).toBe(0);
  });

  it('refuses operators, bad ids, malformed and oversize bodies on the other routes', async () => {
    const f = await makeFamily();
    expect((await cancel(f.cookie, { studentId: { $ne: 0 } })).body).toEqual({ message: VALIDATION.studentIdRequired });
    const badId = await view(f.cookie, '1;drop');
    expect(badId.status).toBe(400);
    expect(badId.body).toEqual({ message: API_ERRORS.invalidId });
    const op = await confirm(f.cookie, { $regex: '.*' });
    expect(op.status).toBe(400);
    const malformed = await request(app)
      .post('/api/create-subscription')
      .set('Cookie', f.cookie)
      .set('content-type', 'application/json')
      .send('{"studentId":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: API_ERRORS.malformedJson });
    const huge = await create(f.cookie, { studentId: f.studentId, padding: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect((await rawStudent(f.studentId))!.subscriptionStatus).toBe('inactive');
  });
});

describe('where the simulation is not offered', () => {
  it('has no simulation routes in production', async () => {
    const production = createApp(
      testConfig({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      }),
    );
    const f = await makeFamily();
    const res = await request(production)
      .post('/api/billing/simulate/confirm')
      .set('Cookie', f.cookie)
      .send({ clientSecret: 'x' });
    expect(res.status).toBe(404);
    expect((await request(production).get('/api/billing/config')).body).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_live_x',
    });
  });

  it('has no simulation routes when Stripe is configured', async () => {
    const stripe = createApp(testConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }));
    const f = await makeFamily();
    const res = await request(stripe)
      .post('/api/billing/simulate/confirm')
      .set('Cookie', f.cookie)
      .send({ clientSecret: 'x' });
    expect(res.status).toBe(404);
  });
});
