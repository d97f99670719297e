import crypto from 'node:crypto';
import mongoose from 'mongoose';
import Stripe from 'stripe';
import { createWithNumericId } from '@logbook/service-kit/counters';
import { parentCookie, servePeers } from '@logbook/service-kit/testing';
import { createAuthApp } from 'svc-auth/app';
import { createApp as createStudentsApp, models as studentsModels } from 'svc-students/app';
import { loadBillingConfig, type BillingConfig } from '../src/config';
import { StudentBillingModel, SubscriptionRecordModel } from '../src/subscriptions/model';
import { models } from '../src/app';

/** Everything the billing tests read or write, the owners' collections of accounts and students included. */
export const testModels = [...models, ...studentsModels];

let ownersServed: Promise<void> | undefined;
let ownerUrls: Record<string, string> = {};

/** Where the owners' apps listen in this test file (after the first family is made). */
export const ownerUrl = (service: 'auth' | 'students') => ownerUrls[service];

/**
 * Billing asks svc-auth for accounts and svc-students for students, and tells svc-students of status changes: their
 * real apps serve here, once per test file (teardown closes them).
 */
function serveOwners(): Promise<void> {
  ownersServed ??= servePeers({ auth: createAuthApp(), students: createStudentsApp() }).then((urls) => {
    ownerUrls = urls;
  });
  return ownersServed;
}

export interface Family {
  userId: number;
  email: string;
  cookie: string;
  studentId: number;
}

/** A parent account (as svc-auth would have made it) with one student (as svc-students would have). */
export async function makeFamily(): Promise<Family> {
  await serveOwners();
  const email = `parent-${crypto.randomUUID()}@example.com`;
  // Families made at once may be handed one id by the counter: the unique id refuses the second, which takes another.
  const userId = await createWithNumericId('users', async (id) => {
    await mongoose.connection.collection('users').insertOne({
      _id: id as never,
      username: email,
      email,
      password: '$2b$10$notarealhashnotarealhashnotarealhashnotarealhashnot',
      createdAt: new Date(),
    });
    return id;
  });
  const studentId = await addStudent(userId);
  return { userId, email, cookie: await parentCookie(userId), studentId };
}

export async function addStudent(userId: number, extra: Record<string, unknown> = {}): Promise<number> {
  await serveOwners();
  return createWithNumericId('students', async (studentId) => {
    await mongoose.connection.collection('students').insertOne({
      _id: studentId as never,
      userId,
      firstName: 'Sam',
      lastName: `Learner${studentId}`,
      dateOfBirth: '2008-05-01',
      licenseNumber: '',
      subscriptionStatus: 'inactive',
      hasStudentLogin: false,
      loginVersion: 0,
      createdAt: new Date(),
      ...extra,
    });
    return studentId;
  });
}

/** The student as svc-students keeps them, with the status billing's events told it. */
export const ownerStudent = (id: number) => mongoose.connection.collection('students').findOne({ _id: id as never });

/**
 * Billing's whole record of the student's subscription, as stored; for a student billing has not needed yet, the
 * owner's record, whose status billing would take over.
 */
export const rawStudent = async (id: number) =>
  (await StudentBillingModel.collection.findOne({ _id: id as never })) ?? ownerStudent(id);

export const WEBHOOK_SECRET = 'whsec_test_billing_secret';

export function testConfig(env: Record<string, string> = {}): BillingConfig {
  return loadBillingConfig({ NODE_ENV: 'test', SIMULATED_WEBHOOK_SECRET: WEBHOOK_SECRET, ...env });
}

/** Sign a Stripe-shaped event as Stripe would. */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  opts: { id?: string; created?: number; secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_test_${crypto.randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: opts.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return { payload, header };
}

export function subscriptionObject(
  id: string,
  studentId: number,
  status: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    object: 'subscription',
    customer: 'cus_test',
    status,
    trial_end: now + 30 * 86400,
    cancel_at_period_end: false,
    default_payment_method: null,
    metadata: { studentId: String(studentId) },
    items: {
      object: 'list',
      data: [{ id: 'si_1', object: 'subscription_item', current_period_end: now + 30 * 86400 }],
    },
    ...extra,
  };
}

export function invoiceObject(subscriptionId: string, studentId: number, extra: Record<string, unknown> = {}) {
  return {
    id: `in_${crypto.randomUUID().slice(0, 8)}`,
    object: 'invoice',
    amount_paid: 99,
    amount_due: 99,
    billing_reason: 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata: { studentId: String(studentId) } },
    },
    ...extra,
  };
}

/** Records the subscription this service made for a student, as create-subscription leaves it. */
export async function recordSubscription(
  studentId: number,
  userId: number,
  subscriptionId: string,
  extra: Record<string, unknown> = {},
) {
  await SubscriptionRecordModel.create({
    _id: studentId,
    userId,
    state: 'created',
    attemptKey: `subscription-${studentId}-${crypto.randomUUID()}`,
    startedAt: new Date(),
    subscriptionId,
    clientSecret: `seti_x_secret_${studentId}`,
    type: 'setup',
    setupIntentId: `seti_${subscriptionId}`,
    providerStatus: 'trialing',
    updatedAt: new Date(),
    ...extra,
  });
}
