import crypto from 'node:crypto';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { API_ERRORS } from '@logbook/contracts/messages';
import type { SubscriptionView } from '@logbook/contracts/responses';
import type { CreateSubscriptionResponse } from '@logbook/contracts/schemas';
import { normaliseStatus } from '@logbook/contracts/subscription';
import { canAccessStudent, type Callers } from '@logbook/service-kit/auth';
import { insertUnlessTaken } from '@logbook/service-kit/db';
import { badRequest, conflict, notFound } from '@logbook/service-kit/errors';
import { MIN_CHARGE_CENTS, PRICE_CENTS } from '@logbook/contracts/constants';
import { redeemCoupon, releaseCoupon, type RedeemedCoupon } from '../coupons/coupons';
import { atProvider, isMissingCustomer, noAnswer, outcomeUnknown, providerFailure } from '../providers/errors';
import type { CreatedSubscription, PaymentProvider } from '../providers/provider';
import { publisher } from '../events/publisher';
import {
  BillingCustomerModel,
  FreeMonthModel,
  StudentBillingModel,
  StudentTrialModel,
  SubscriptionRecordModel,
  type StudentBilling,
  type SubscriptionRecord,
} from './model';
import { accountDisputed, billingStudent, freeMonthKeyFromOwner, removalUnderway, userFromOwner } from './owners';
import { eventTimeNow, isLiveAtProvider, isPaymentPause, nextStepFor, studentSubscriptionEnded } from './status';

export interface SubscriptionOptions {
  provider: PaymentProvider;
  /** How long a second request waits for one already talking to the provider before answering 409. */
  inFlightWaitMs: number;
  /** A 'creating' record older than this was left by a process that died mid-call: it may be taken over. */
  staleAfterMs: number;
}

export type { SubscriptionView };

const BLOCKS_NEW_SUBSCRIPTION = new Set(['active', 'past_due']);
/** Provider statuses that block a new subscription even with nothing left to confirm: the parent pays or cancels. */
const OWED_AT_PROVIDER = new Set(['past_due', 'unpaid', 'paused']);
const CANCELABLE = new Set(['active', 'past_due', 'incomplete']);
const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newAttemptKey = (studentId: number) => `subscription-${studentId}-${crypto.randomUUID()}`;

/** The student, if these callers may act for it; anyone else gets 404 and learns nothing. */
export async function ownedStudent(callers: Callers, studentId: number): Promise<StudentBilling> {
  const student = await billingStudent(studentId);
  if (!student || !canAccessStudent(callers, { id: student._id, userId: student.userId }))
    throw notFound(API_ERRORS.studentNotFound);
  return student;
}

/** Whether this student has had the free month: the trial's own record, or a subscription made before those. */
export const hadTrial = async (student: StudentBilling) =>
  Boolean(student.stripeSubscriptionId) || Boolean(await StudentTrialModel.exists({ _id: student._id }));

/**
 * Whether this student may still have the free month, and what it would be remembered by (absent when the owner of
 * students does not say). Subscriptions made before trials were recorded all began with one, so a student who already
 * had a subscription has used it too; and a student the family removed and added again (the same name and date of
 * birth) had theirs before.
 */
async function freeMonthFor(student: StudentBilling): Promise<{ available: boolean; key?: string }> {
  if (await hadTrial(student)) return { available: false };
  const key = (await freeMonthKeyFromOwner(student)) ?? undefined;
  if (key && (await FreeMonthModel.exists({ _id: key }))) return { available: false, key };
  return { available: true, ...(key ? { key } : {}) };
}

/** Keeps a free month by its key; a second writer finds it there already, which is the same. */
export async function rememberFreeMonth(key: string) {
  await insertUnlessTaken(FreeMonthModel, { _id: key, startedAt: new Date() });
}

/** What a subscription record keeps of the subscription the provider made: the attempt is `created` from then on. */
export const madeAtProvider = (created: CreatedSubscription) => ({
  state: 'created' as const,
  subscriptionId: created.subscriptionId,
  ...(created.clientSecret ? { clientSecret: created.clientSecret } : {}),
  type: created.type,
  ...(created.setupIntentId ? { setupIntentId: created.setupIntentId } : {}),
  providerStatus: created.status,
});

/** Remember that this student has had the free month; a second writer finds it there already, which is the same. */
export async function recordTrial(student: StudentBilling, subscriptionId: string, key: string | undefined) {
  if (key) await rememberFreeMonth(key);
  await insertUnlessTaken(StudentTrialModel, {
    _id: student._id,
    userId: student.userId,
    subscriptionId,
    startedAt: new Date(),
  });
}

function subscriptionView(
  student: StudentBilling,
  record: SubscriptionRecord | null | undefined,
  trial: boolean,
): SubscriptionView {
  return {
    studentId: student._id,
    status: normaliseStatus(student.subscriptionStatus),
    subscriptionId: student.stripeSubscriptionId ?? record?.subscriptionId ?? null,
    trialEnd: iso(student.subscriptionTrialEnd),
    currentPeriodEnd: iso(student.subscriptionCurrentPeriodEnd),
    cancelAtPeriodEnd: Boolean(student.subscriptionCancelAtPeriodEnd),
    trialAvailable: trial,
    nextStep: nextStepFor(student.providerStatus, student.paymentActionRequired),
  };
}

export async function getSubscription(callers: Callers, studentId: number): Promise<SubscriptionView> {
  const student = await ownedStudent(callers, studentId);
  const [record, freeMonth, disputed] = await Promise.all([
    SubscriptionRecordModel.findById(studentId).lean(),
    freeMonthFor(student),
    accountDisputed(student.userId),
  ]);
  return { ...subscriptionView(student, record, freeMonth.available), ...(disputed ? { accountDisputed: true } : {}) };
}

type Claim = { kind: 'claimed'; record: SubscriptionRecord } | { kind: 'taken'; record: SubscriptionRecord | null };

/** Become the one request that makes this student's subscription, or learn who already is. */
async function claim(
  student: StudentBilling,
  couponCode: string | undefined,
  options: SubscriptionOptions,
): Promise<Claim> {
  const freeMonth = await freeMonthFor(student);
  const now = new Date();
  const fresh: SubscriptionRecord = {
    _id: student._id,
    userId: student.userId,
    state: 'creating',
    attemptKey: newAttemptKey(student._id),
    startedAt: now,
    couponCode: couponCode ?? null,
    trial: freeMonth.available,
    ...(freeMonth.key ? { freeMonthKey: freeMonth.key } : {}),
    updatedAt: now,
  };
  if (await insertUnlessTaken(SubscriptionRecordModel, fresh)) return { kind: 'claimed', record: fresh };
  const current = await SubscriptionRecordModel.findById(student._id).lean();
  if (!current) return { kind: 'taken', record: null };
  const stale =
    current.state === 'creating' && now.getTime() - new Date(current.startedAt).getTime() > options.staleAfterMs;
  const ended =
    current.state === 'created' &&
    current.subscriptionId === student.stripeSubscriptionId &&
    studentSubscriptionEnded(student);
  if (current.state !== 'failed' && !stale && !ended) return { kind: 'taken', record: current };
  // The earlier attempt may have reached the provider: look for what it made first. With no answer at all the same
  // key gets the first request's own result; after a server error Stripe replays that error for the key, so a retry
  // that finds nothing made needs a new key.
  const unknown = stale || (current.state === 'failed' && Boolean(current.outcomeUnknown));
  // The student already shows a live subscription the failed attempt never recorded: it is found, never made again.
  const shown = Boolean(student.stripeSubscriptionId) && isLiveAtProvider(student.providerStatus);
  const reuseKey = unknown && !current.serverError && (current.couponCode ?? null) === (couponCode ?? null);
  // A coupon use held by an attempt whose outcome is unknown goes on to the retry; an ended subscription's stays behind.
  const couponUse = ended ? null : (current.couponUse ?? null);
  const takeover = {
    state: 'creating' as const,
    attemptKey: reuseKey ? current.attemptKey : newAttemptKey(student._id),
    startedAt: now,
    couponCode: couponCode ?? null,
    // The same key must ask for the same thing, or the provider refuses the retry.
    trial: reuseKey ? (current.trial ?? fresh.trial) : fresh.trial,
    ...(fresh.freeMonthKey ? { freeMonthKey: fresh.freeMonthKey } : {}),
    outcomeUnknown: false,
    serverError: false,
    lookFirst: unknown || shown,
    couponUse,
    updatedAt: now,
  };
  // updateOne, not findOneAndUpdate: on the embedded fallback server only updateOne lets exactly one of several
  // concurrent requests match this guard, and modifiedCount says which one.
  const result = await SubscriptionRecordModel.updateOne(
    { _id: current._id, state: current.state, attemptKey: current.attemptKey, startedAt: current.startedAt },
    {
      $set: takeover,
      $unset: {
        subscriptionId: '',
        clientSecret: '',
        type: '',
        setupIntentId: '',
        customerId: '',
        providerStatus: '',
        paymentMethodSaved: '',
      },
    },
  );
  if (result.modifiedCount !== 1) return { kind: 'taken', record: null };
  return { kind: 'claimed', record: { _id: current._id, userId: current.userId, ...takeover } };
}

/**
 * The account's customer at the provider, made on first use. `gone` names one the provider no longer has (deleted in
 * its dashboard: found on use, or told by its `customer.deleted` event): it is forgotten and a new one made, with a key
 * of its own, so the family is never blocked by it.
 */
async function customerFor(provider: PaymentProvider, userId: number, gone?: string): Promise<string> {
  if (gone) await BillingCustomerModel.deleteOne({ _id: userId, stripeCustomerId: gone });
  const kept = await BillingCustomerModel.findById(userId).lean();
  // Stripe said it deleted this one: it is replaced before it is ever named again.
  if (kept?.deletedAt && provider.keepsCustomers) return customerFor(provider, userId, kept.stripeCustomerId);
  if (kept && provider.keepsCustomers) return kept.stripeCustomerId;
  const user = await userFromOwner(userId);
  if (!user) throw notFound(API_ERRORS.studentNotFound);
  if (!provider.keepsCustomers) return provider.ensureCustomer({ userId, email: user.email });
  const legacy = user.legacyStripeCustomerId !== gone ? user.legacyStripeCustomerId : undefined;
  const customerId =
    legacy ??
    (await provider.ensureCustomer({
      userId,
      email: user.email,
      createdAt: new Date(user.createdAt),
      ...(gone ? { replacing: gone } : {}),
    }));
  await insertUnlessTaken(BillingCustomerModel, { _id: userId, stripeCustomerId: customerId, createdAt: new Date() });
  // Two first subscriptions at once: both keep the customer stored first.
  const stored = await BillingCustomerModel.findById(userId).lean();
  return stored?.stripeCustomerId ?? customerId;
}

async function markFailed(record: SubscriptionRecord, err: unknown) {
  const unknown = outcomeUnknown(err);
  await SubscriptionRecordModel.updateOne(
    { _id: record._id, attemptKey: record.attemptKey, state: 'creating' },
    {
      $set: {
        state: 'failed',
        outcomeUnknown: unknown,
        serverError: unknown && !noAnswer(err),
        updatedAt: new Date(),
      },
    },
  );
}

async function startSubscription(
  options: SubscriptionOptions,
  student: StudentBilling,
  record: SubscriptionRecord,
  couponCode: string | undefined,
): Promise<CreateSubscriptionResponse> {
  const mine = { _id: student._id, attemptKey: record.attemptKey, state: 'creating' as const };
  // The use this attempt holds: taken over from an attempt whose outcome was unknown, or counted below.
  let coupon: RedeemedCoupon | undefined = record.couponUse ?? undefined;
  let couponReady = false;
  /** Count the coupon's use before Stripe is asked to apply it, and keep it on the attempt. */
  const takeCoupon = async () => {
    if (couponReady) return;
    couponReady = true;
    if (coupon && coupon.code === couponCode) return;
    if (coupon) {
      // Held for a different code (or none is asked for now): Stripe made nothing with it, so it is given back.
      const held = coupon;
      coupon = undefined;
      await releaseCoupon(held);
      await SubscriptionRecordModel.updateOne(mine, { $set: { couponUse: null } });
    }
    if (!couponCode) return;
    coupon = await redeemCoupon(couponCode);
    await SubscriptionRecordModel.updateOne(mine, { $set: { couponUse: coupon } });
    // The invoice after the coupon, in cents: refused when non-zero but below Stripe's minimum charge, with the answer
    // every unusable code gets.
    const cents = Math.round(PRICE_CENTS * (1 - coupon.discountPercent / 100));
    if (cents > 0 && cents < MIN_CHARGE_CENTS) throw badRequest(BILLING_ERRORS.couponUnusable);
  };
  try {
    // Refused coupons are refused before anything is asked of the provider.
    if (!record.lookFirst) await takeCoupon();
    const make = async (customerId: string) => {
      // What an earlier attempt made is found first: with it, the coupon use that attempt held is the one applied.
      const found = record.lookFirst ? await options.provider.findSubscription(customerId, student._id) : null;
      if (found) return found;
      await takeCoupon();
      return options.provider.createSubscription({
        studentId: student._id,
        customerId,
        idempotencyKey: record.attemptKey,
        trial: Boolean(record.trial),
        coupon:
          coupon && coupon.discountPercent > 0 ? { code: coupon.code, percentOff: coupon.discountPercent } : undefined,
      });
    };
    let customerId = await customerFor(options.provider, student.userId);
    let created: Awaited<ReturnType<typeof make>>;
    try {
      created = await make(customerId);
    } catch (err) {
      if (!isMissingCustomer(err)) throw err;
      customerId = await customerFor(options.provider, student.userId, customerId);
      created = await make(customerId);
    }
    // Before anything else is written: once the provider has begun a trial, the student has had it.
    if (created.trial) await recordTrial(student, created.subscriptionId, record.freeMonthKey);
    await SubscriptionRecordModel.updateOne(mine, {
      $set: { ...madeAtProvider(created), customerId, updatedAt: new Date() },
    });
    return { subscriptionId: created.subscriptionId, clientSecret: created.clientSecret, type: created.type };
  } catch (err) {
    // Refused: nothing was made with the coupon, its use is given back. Unknown (a 5xx, no answer): Stripe may have
    // applied it, so the attempt keeps it for the retry, which finds what Stripe made.
    if (coupon && !outcomeUnknown(err)) {
      await releaseCoupon(coupon).catch(() => undefined);
      await SubscriptionRecordModel.updateOne(mine, { $set: { couponUse: null } }).catch(() => undefined);
    }
    await markFailed(record, err).catch(() => undefined);
    throw providerFailure(err);
  }
}

/**
 * A removal that began while this attempt was being written: the attempt is given up before the provider is asked
 * (the removal writes its mark before looking for attempts, so one of the two always sees the other).
 */
async function refuseIfRemoved(record: SubscriptionRecord) {
  if (!(await removalUnderway(record._id))) return;
  await SubscriptionRecordModel.deleteOne({ _id: record._id, attemptKey: record.attemptKey, state: 'creating' });
  throw notFound(API_ERRORS.studentNotFound);
}

/**
 * Start a student's subscription: one per student. A second request while the first talks to the provider waits for
 * it and gets the same answer; a student whose subscription is waiting for a card gets that one back.
 */
export async function createSubscription(
  options: SubscriptionOptions,
  callers: Callers,
  input: { studentId: number; couponCode?: string },
): Promise<CreateSubscriptionResponse> {
  let student = await ownedStudent(callers, input.studentId);
  if (await removalUnderway(student._id)) throw notFound(API_ERRORS.studentNotFound);
  if (await accountDisputed(student.userId)) throw conflict(BILLING_ERRORS.accountDisputed);
  const deadline = Date.now() + options.inFlightWaitMs;
  for (;;) {
    if (
      BLOCKS_NEW_SUBSCRIPTION.has(student.subscriptionStatus ?? '') ||
      OWED_AT_PROVIDER.has(student.providerStatus ?? '')
    )
      throw conflict(API_ERRORS.alreadySubscribed);
    if (student.stripeSubscriptionId && isLiveAtProvider(student.providerStatus)) {
      // Still at the provider: only the subscription this service is waiting on may be handed back, never a second.
      // An attempt that failed without learning what it made may have made this one: its retry looks it up.
      const waiting = await SubscriptionRecordModel.findById(student._id).lean();
      const unsettled = waiting?.state === 'creating' || (waiting?.state === 'failed' && !waiting.subscriptionId);
      if (!waiting || (!unsettled && waiting.subscriptionId !== student.stripeSubscriptionId))
        throw conflict(API_ERRORS.alreadySubscribed);
    }
    const result = await claim(student, input.couponCode, options);
    if (result.kind === 'claimed') {
      await refuseIfRemoved(result.record);
      return startSubscription(options, student, result.record, input.couponCode);
    }
    const existing = result.record;
    if (existing?.state === 'created' && existing.subscriptionId && existing.type)
      return {
        subscriptionId: existing.subscriptionId,
        clientSecret: existing.clientSecret ?? null,
        type: existing.type,
      };
    if (Date.now() >= deadline) throw conflict(BILLING_ERRORS.subscriptionInProgress);
    await sleep(100);
    student = await ownedStudent(callers, input.studentId);
  }
}

/** A running subscription with a card saved: the parent's cancel ends it with the period paid for (or the trial). */
const endsAtPeriodEnd = (student: StudentBilling) =>
  Boolean(student.stripeSubscriptionId) &&
  student.subscriptionStatus === 'active' &&
  (student.providerStatus === 'active' || student.providerStatus === 'trialing');

/**
 * Cancel with the provider. `now` (removing a student, closing the account, and anything not running with a card: a
 * subscription waiting for a card, or owed) ends it at once and the student is canceled at once; the parent's cancel
 * of a running subscription (`periodEnd`) ends it when the period paid for (or the trial) ends: the student keeps
 * logging until then, and may resume it.
 */
export async function cancelSubscription(
  options: SubscriptionOptions,
  callers: Callers,
  studentId: number,
  when: 'now' | 'periodEnd' = 'now',
): Promise<SubscriptionView> {
  const student = await ownedStudent(callers, studentId);
  if (when === 'periodEnd' && endsAtPeriodEnd(student)) {
    await setEndAtPeriodEnd(options, student, true);
    return getSubscription(callers, studentId);
  }
  const record = await SubscriptionRecordModel.findById(studentId).lean();
  if (record?.state === 'creating' && Date.now() - new Date(record.startedAt).getTime() <= options.staleAfterMs)
    throw conflict(BILLING_ERRORS.subscriptionInProgress);
  const live = student.providerStatus
    ? isLiveAtProvider(student.providerStatus)
    : CANCELABLE.has(student.subscriptionStatus ?? '');
  const subscriptionId =
    (record?.state === 'created' ? record.subscriptionId : undefined) ??
    (student.stripeSubscriptionId && live ? student.stripeSubscriptionId : undefined);
  if (!subscriptionId) throw conflict(API_ERRORS.nothingToCancel);
  const setupIntentId = record?.subscriptionId === subscriptionId ? record.setupIntentId : undefined;
  const canceledAt = await atProvider(() => options.provider.cancelSubscription(subscriptionId, setupIntentId));
  // Stamped with Stripe's time of the cancel (the clock its events are ordered by), never this machine's.
  const last = student.subscriptionEventAt ? new Date(student.subscriptionEventAt) : undefined;
  const now = canceledAt ?? last ?? eventTimeNow();
  await StudentBillingModel.updateOne(
    { _id: studentId },
    {
      $set: {
        stripeSubscriptionId: subscriptionId,
        subscriptionStatus: 'canceled',
        providerStatus: 'canceled',
        paymentActionRequired: false,
        subscriptionCancelAtPeriodEnd: false,
        subscriptionEventAt: last && last > now ? last : now,
      },
      $inc: { version: 1 },
    },
  );
  await publisher.changed('subscription', studentId);
  await SubscriptionRecordModel.deleteOne({ _id: studentId, subscriptionId });
  return getSubscription(callers, studentId);
}

async function setEndAtPeriodEnd(options: SubscriptionOptions, student: StudentBilling, end: boolean) {
  const at = await atProvider(() => options.provider.endAtPeriodEnd(student.stripeSubscriptionId!, end));
  // The screen shows it at once; the provider's event (read back) confirms it. Written under the events' guard, at
  // Stripe's time of the change: a state read for an older event and written after this never takes it back, and one
  // for a newer event (which read the change) is not overwritten.
  await StudentBillingModel.updateOne(
    {
      _id: student._id,
      stripeSubscriptionId: student.stripeSubscriptionId,
      $or: [{ subscriptionEventAt: null }, { subscriptionEventAt: { $lte: at } }],
    },
    { $set: { subscriptionCancelAtPeriodEnd: end, subscriptionEventAt: at }, $inc: { version: 1 } },
  );
}

/** Takes back the parent's cancel before the period ends: the subscription renews as before. */
export async function resumeSubscription(
  options: SubscriptionOptions,
  callers: Callers,
  studentId: number,
): Promise<SubscriptionView> {
  const student = await ownedStudent(callers, studentId);
  if (!student.subscriptionCancelAtPeriodEnd || !endsAtPeriodEnd(student))
    throw conflict(BILLING_ERRORS.nothingToResume);
  await setEndAtPeriodEnd(options, student, false);
  return getSubscription(callers, studentId);
}

/**
 * A new card for a running subscription, before the saved one fails: the browser confirms this SetupIntent's secret,
 * and once it succeeds (its event, read back) the new card becomes the subscription's default.
 */
export async function changeCard(
  options: SubscriptionOptions,
  callers: Callers,
  studentId: number,
): Promise<CreateSubscriptionResponse> {
  const student = await ownedStudent(callers, studentId);
  if (!endsAtPeriodEnd(student)) throw conflict(BILLING_ERRORS.noCardToChange);
  const subscriptionId = student.stripeSubscriptionId!;
  const change = await atProvider(() => options.provider.startCardChange(subscriptionId, studentId));
  return { subscriptionId, clientSecret: change.clientSecret, type: 'setup' };
}

/**
 * What the browser confirms to pay a subscription that still exists but is owed: a failed or missing payment, or a
 * payment the bank wants authenticated (Stripe.js confirmPayment with the open invoice's confirmation secret).
 */
export async function paymentForStudent(
  options: SubscriptionOptions,
  callers: Callers,
  studentId: number,
): Promise<CreateSubscriptionResponse> {
  const student = await ownedStudent(callers, studentId);
  const subscriptionId = student.stripeSubscriptionId;
  if (!subscriptionId || !nextStepFor(student.providerStatus, student.paymentActionRequired))
    throw conflict(BILLING_ERRORS.nothingToPay);
  // Paused at the trial's end with no card: nothing is invoiced, so there is nothing to pay until it is started again.
  // Paused after a failed payment: the invoice is still open, and paying it resumes the subscription.
  if (student.providerStatus === 'paused' && !isPaymentPause(student.pauseCause))
    throw conflict(BILLING_ERRORS.pausedTrial);
  const clientSecret = await atProvider(() => options.provider.paymentSecret(subscriptionId));
  if (!clientSecret) throw conflict(BILLING_ERRORS.nothingToPay);
  return { subscriptionId, clientSecret, type: 'payment' };
}
