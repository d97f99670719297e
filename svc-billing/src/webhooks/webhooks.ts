import Stripe from 'stripe';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import type { WebhookReceipt } from '@logbook/contracts/responses';
import { insertUnlessTaken } from '@logbook/service-kit/db';
import { AppError, badRequest } from '@logbook/service-kit/errors';
import { logger } from '@logbook/service-kit/logger';
import { repeatInBackground } from '@logbook/service-kit/background';
import { queueNotice, retryBackoff, type NoticeKind } from '../notices/notices';
import type { PaymentProvider, ProviderSubscription } from '../providers/provider';
import {
  BillingCustomerModel,
  ChargebackModel,
  StudentBillingModel,
  SubscriptionRecordModel,
  type StudentBilling,
  type SubscriptionRecord,
} from '../subscriptions/model';
import {
  graceEnd,
  isEnded,
  isLiveAtProvider,
  isPaymentPause,
  studentStatusFor,
  toEventTime,
} from '../subscriptions/status';
import { billingStudent, familyMailbox, learnerGone } from '../subscriptions/owners';
import { madeAtProvider, recordTrial } from '../subscriptions/subscriptions';
import { publisher } from '../events/publisher';
import { BillingEventModel } from './model';

/** The API version the endpoint must be set to: the installed SDK's, which every read back is made in. */
const WEBHOOK_API_VERSION = Stripe.API_VERSION;

/** The events this service acts on; the README lists the same for the endpoint's set-up. */
export const WEBHOOK_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'setup_intent.succeeded',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'customer.deleted',
] as const;
const HANDLED = new Set<string>(WEBHOOK_EVENTS);

type Ref = string | { id?: unknown } | null | undefined;
const idOf = (ref: Ref) => (typeof ref === 'string' ? ref : typeof ref?.id === 'string' ? ref.id : undefined);
const seconds = (value: number | null | undefined) => (typeof value === 'number' ? toEventTime(value) : null);

/** `again`: a state read for another event of the same second was written first: read once more before writing. */
type Outcome = { applied: true } | { applied: false; reason: string; again?: boolean };
const applied: Outcome = { applied: true };
const ignored = (reason: string): Outcome => ({ applied: false, reason });

/** How long a worker holds an event: one taken longer ago (its worker died mid-way) is taken again. */
export const EVENT_LEASE_MS = 60_000;

/** Failures after which an event is set aside as dead, for an operator to look at and retry (see setDeadAfter). */
let deadAfterAttempts = 10;
export const setDeadAfter = (attempts: number) => {
  deadAfterAttempts = attempts;
};

/** Events being worked on in this process (tests and shutdown wait for them). */
const running = new Set<Promise<unknown>>();

/** Resolves once every event this process has taken is worked through. */
export async function eventsSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

/**
 * Check the signature and store the event once, then answer: Stripe is told at once, whatever the work costs. The
 * work is done from the stored queue (see processEvent): by this process straight away, or by any replica's retries
 * later. The HTTP route and the simulated provider both come through here; the simulated one waits for the work,
 * because its caller shows the result at once.
 */
export async function receiveWebhook(
  payload: Buffer | string | undefined,
  signatureHeader: string | undefined,
  secret: string | undefined,
  provider: PaymentProvider,
  options: { wait?: boolean } = {},
): Promise<WebhookReceipt> {
  if (!secret) throw new AppError(503, BILLING_ERRORS.webhookNotConfigured);
  if (payload === undefined || !signatureHeader) throw badRequest(BILLING_ERRORS.webhookSignature);
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signatureHeader, secret);
  } catch {
    throw badRequest(BILLING_ERRORS.webhookSignature);
  }
  if (typeof event.id !== 'string' || typeof event.created !== 'number' || !event.data?.object)
    throw badRequest(BILLING_ERRORS.webhookSignature);
  if (event.api_version !== WEBHOOK_API_VERSION) {
    // Its payload may lack or rename fields this service reads: nothing in it is used but the object's id.
    logger.error(
      { event: event.id, type: event.type, apiVersion: event.api_version, expected: WEBHOOK_API_VERSION },
      'WEBHOOK API VERSION MISMATCH: set the Stripe webhook endpoint to the API version this service is built for; the object is read back from Stripe instead',
    );
  }
  const now = new Date();
  const stored = await insertUnlessTaken(BillingEventModel, {
    _id: event.id,
    type: event.type,
    created: toEventTime(event.created),
    receivedAt: now,
    outcome: 'queued',
    apiVersion: typeof event.api_version === 'string' ? event.api_version : null,
    objectId: idOf(event.data.object as Ref) ?? null,
    state: 'queued',
    leaseUntil: null,
    attempts: 0,
    nextAttemptAt: now,
  });
  if (!stored) return { received: true, duplicate: true };
  const work = processEvent(provider, event.id).catch((err: unknown) =>
    logger.warn({ err, event: event.id }, 'billing event not processed yet; it will be retried'),
  );
  running.add(work);
  void work.finally(() => running.delete(work));
  if (options.wait) await work;
  return { received: true };
}

/**
 * Take one stored event under a lease and act on it. Only one worker holds an event at a time (a guarded update
 * decides), and an event whose lease ran out is taken again, so a crash mid-way never loses it. A failure (Stripe
 * could not be read) puts it back for a later attempt. False when another worker holds it or it is done.
 */
async function processEvent(provider: PaymentProvider, eventId: string): Promise<boolean> {
  const now = new Date();
  const current = await BillingEventModel.findById(eventId).lean();
  if (!current || current.state === 'done' || current.state === 'dead' || !current.state) return false;
  if (current.leaseUntil && new Date(current.leaseUntil) > now) return false;
  const taken = await BillingEventModel.updateOne(
    { _id: eventId, state: current.state, leaseUntil: current.leaseUntil ?? null },
    { $set: { state: 'processing', leaseUntil: new Date(now.getTime() + EVENT_LEASE_MS) } },
  );
  if (taken.modifiedCount !== 1) return false;
  let outcome: Outcome;
  try {
    outcome = HANDLED.has(current.type)
      ? await actOnEvent(provider, current.type, current.objectId, new Date(current.created))
      : ignored('not an event this service uses');
  } catch (err) {
    const attempts = (current.attempts ?? 0) + 1;
    const lastError = String((err as Error)?.message ?? err).slice(0, 300);
    // One that keeps failing would be retried forever, unseen: it is set aside, loudly, for an operator.
    const dead = attempts >= deadAfterAttempts;
    await BillingEventModel.updateOne(
      { _id: eventId },
      {
        $set: {
          state: dead ? 'dead' : 'queued',
          leaseUntil: null,
          attempts,
          nextAttemptAt: new Date(Date.now() + retryBackoff(attempts)),
          outcome: `${dead ? 'dead' : 'failed'}: ${lastError}`,
          lastError,
        },
      },
    );
    if (dead)
      logger.error(
        { err, event: eventId, type: current.type, attempts },
        'BILLING EVENT DEAD: set aside after failing every attempt; see `npm run billing:dead-events`',
      );
    throw err;
  }
  const summary = outcome.applied ? 'applied' : `ignored: ${outcome.reason}`;
  await BillingEventModel.updateOne({ _id: eventId }, { $set: { state: 'done', leaseUntil: null, outcome: summary } });
  logger.info({ event: eventId, type: current.type, outcome: summary }, 'billing event');
  return true;
}

/**
 * Works through every stored event that is due, or whose worker's lease ran out (or that an earlier release left
 * `processing` with no lease at all); answers how many are left.
 */
export async function retryEvents(provider: PaymentProvider, limit = 100): Promise<number> {
  const now = new Date();
  const due = await BillingEventModel.find({
    $or: [
      { state: 'queued', nextAttemptAt: { $lte: now } },
      { state: 'queued', nextAttemptAt: null },
      { state: 'processing', leaseUntil: { $lt: now } },
      { state: 'processing', leaseUntil: null },
    ],
  })
    .sort({ created: 1 })
    .limit(limit)
    .select({ _id: 1 })
    .lean();
  let left = 0;
  for (const { _id } of due) if (!(await processEvent(provider, _id).catch(() => false))) left++;
  return left;
}

/** How many events are set aside as dead (shown on the service's readiness answer). */
export const deadEventCount = () => BillingEventModel.countDocuments({ state: 'dead' });

/** Dead events, newest first, with their last error. */
export const deadEvents = () =>
  BillingEventModel.find({ state: 'dead' })
    .sort({ created: -1 })
    .select({ type: 1, created: 1, objectId: 1, attempts: 1, lastError: 1 })
    .lean();

/** Puts dead events (these, or all) back in the queue with their attempts afresh; answers how many. */
export async function requeueDeadEvents(ids?: string[]): Promise<number> {
  const result = await BillingEventModel.updateMany(
    { state: 'dead', ...(ids ? { _id: { $in: ids } } : {}) },
    { $set: { state: 'queued', attempts: 0, nextAttemptAt: new Date(), leaseUntil: null } },
  );
  return result.modifiedCount;
}

/** Retries stored events in the background while the process runs. */
export function startEventRetries(provider: PaymentProvider, intervalMs = 10_000): () => void {
  return repeatInBackground(() => retryEvents(provider), intervalMs, 'billing event retry failed');
}

/**
 * The one path every event takes: find the subscription the event is about, read it back, apply what it is now, then
 * send the email the event calls for if the subscription read back still calls for it. What is written is ordered by
 * the event's own time (`created`, Stripe's clock, the same for every replica): a state read for an event older than
 * the one last written is not written, so a replica that read before a newer change and writes after it never takes
 * the student back, whatever its own clock says.
 */
async function actOnEvent(
  provider: PaymentProvider,
  type: string,
  objectId: string | null | undefined,
  eventAt: Date,
): Promise<Outcome> {
  if (!objectId) return ignored('no object id');
  let subscriptionId: string | undefined;
  let notice: NoticeKind | undefined;
  if (type.startsWith('customer.subscription.')) {
    subscriptionId = objectId;
    if (type === 'customer.subscription.trial_will_end') notice = 'trial_will_end';
  } else if (type.startsWith('invoice.')) {
    const invoice = await provider.readInvoice(objectId);
    if (!invoice?.subscriptionId) return ignored('not a subscription invoice');
    subscriptionId = invoice.subscriptionId;
    // A first payment that fails or waits for the bank is shown on the subscribe screen at once, where the parent is
    // paying: only a renewal, charged while nobody is looking, is worth an email.
    const renewal = invoice.status === 'open' && invoice.billingReason !== 'subscription_create';
    if (type === 'invoice.payment_action_required' && renewal && invoice.actionRequired)
      notice = 'payment_action_required';
    if (type === 'invoice.payment_failed' && renewal) notice = 'payment_failed';
  } else if (type === 'setup_intent.succeeded') {
    const outcome = await noteSavedCard(provider, objectId);
    if (typeof outcome !== 'string') return outcome;
    subscriptionId = outcome;
  } else if (type.startsWith('charge.dispute.')) {
    return actOnDispute(provider, objectId, eventAt);
  } else if (type === 'customer.deleted') {
    return actOnDeletedCustomer(provider, objectId, eventAt);
  }
  if (!subscriptionId) return ignored('no subscription');
  let subscription = await provider.readSubscription(subscriptionId);
  if (!subscription) return ignored('the provider has no such subscription');
  let result = await applySubscription(provider, subscription, eventAt);
  if (!result.outcome.applied && result.outcome.again) {
    // Another event of the same second was written first, and this read may have been made before its change: a read
    // made now is at least as new as both.
    subscription = await provider.readSubscription(subscriptionId);
    if (!subscription) return ignored('the provider has no such subscription');
    result = await applySubscription(provider, subscription, eventAt, true);
  }
  // Stripe does not deliver in order: whether this event's write won or an older one lost to a newer state, the notice
  // goes when the subscription as read now still calls for it (its key stops a second one).
  if (notice && result.student && stillCalledFor(notice, subscription)) {
    await queueNotice({
      _id: noticeKey(notice, objectId, subscription),
      kind: notice,
      parentId: result.student.userId,
      studentId: result.student._id,
      at: notice === 'trial_will_end' ? seconds(subscription.trialEnd) : null,
      ...(notice === 'trial_will_end'
        ? { cardSaved: cardSavedFor(subscription, result.record), canceled: subscription.cancelAtPeriodEnd }
        : {}),
    });
  }
  return result.outcome;
}

/**
 * One email per thing the parent is told of: an invoice's failure or wait for the bank (Stripe sends one Event per
 * retry, and may send two for one change), a trial's end (a new trial end is a new notice).
 */
function noticeKey(notice: NoticeKind, objectId: string, subscription: ProviderSubscription) {
  if (notice === 'trial_will_end') return `trial_will_end:${subscription.id}:${subscription.trialEnd ?? 'none'}`;
  return `${notice}:${objectId}`;
}

function stillCalledFor(notice: NoticeKind, subscription: ProviderSubscription) {
  if (notice === 'trial_will_end') return subscription.status === 'trialing';
  if (notice === 'payment_action_required') return subscription.paymentActionRequired;
  return (
    subscription.status === 'past_due' ||
    subscription.status === 'unpaid' ||
    (subscription.status === 'paused' && isPaymentPause(subscription.pauseCause))
  );
}

/**
 * A SetupIntent of a subscription this service is waiting on has succeeded (checked with the provider); or one made
 * to change a running subscription's card, whose card then becomes the subscription's default.
 */
async function noteSavedCard(provider: PaymentProvider, setupIntentId: string): Promise<Outcome | string> {
  const record = await SubscriptionRecordModel.findOne({ setupIntentId, state: 'created' }).lean();
  if (!record?.subscriptionId)
    return (await provider.useChangedCard(setupIntentId)) ?? ignored('not a subscription this service is waiting on');
  if (!(await provider.keepTrialCard(setupIntentId, record.subscriptionId))) return ignored('the card is not saved');
  // Guarded on the same record: a record being taken over is no longer waiting on this SetupIntent.
  await SubscriptionRecordModel.updateOne(
    { _id: record._id, setupIntentId, state: 'created' },
    { $set: { paymentMethodSaved: true, updatedAt: new Date() } },
  );
  return record.subscriptionId;
}

/** A dispute's statuses once the bank has taken the payment back (a chargeback), until it is won. */
const CHARGEBACK = new Set(['needs_response', 'under_review', 'lost', 'appeal_needs_response', 'appeal_under_review']);

/**
 * A payment disputed with the bank, acted on by what the dispute is now. An inquiry (`warning_*`) or a prevented
 * dispute moves no money: nothing happens. A chargeback flags the family (no new subscription starts, the subscribe
 * screen says why), cancels the subscription whose payment it took back, so its card is not charged again, and emails
 * the family. A chargeback won takes its flag off. The flag is written first, so a retry finishes what a failure left.
 */
async function actOnDispute(provider: PaymentProvider, disputeId: string, eventAt: Date): Promise<Outcome> {
  const dispute = await provider.readDispute(disputeId);
  if (!dispute?.customerId) return ignored('no customer for the dispute');
  if (dispute.status === 'won') {
    const cleared = await ChargebackModel.deleteOne({ _id: dispute.id });
    return cleared.deletedCount === 1 ? applied : ignored('no chargeback kept for the dispute');
  }
  if (!CHARGEBACK.has(dispute.status)) return ignored(`a dispute ${dispute.status} takes no payment back`);
  const [customer, subscription] = await Promise.all([
    BillingCustomerModel.findOne({ stripeCustomerId: dispute.customerId }).lean(),
    dispute.subscriptionId ? provider.readSubscription(dispute.subscriptionId) : null,
  ]);
  const student = subscription?.studentId ? await StudentBillingModel.findById(subscription.studentId).lean() : null;
  const accountId = customer?._id ?? student?.userId;
  if (accountId === undefined) return ignored('no account for the customer');
  const family = (await familyMailbox(accountId)) ?? undefined;
  await ChargebackModel.updateOne(
    { _id: dispute.id },
    {
      $setOnInsert: {
        accountId,
        family,
        customerId: dispute.customerId,
        subscriptionId: dispute.subscriptionId ?? undefined,
        flaggedAt: new Date(),
      },
    },
    { upsert: true },
  );
  if (subscription && isLiveAtProvider(subscription.status)) {
    await provider.cancelSubscription(subscription.id);
    const canceled = await provider.readSubscription(subscription.id);
    if (canceled) await applySubscription(provider, canceled, eventAt, true);
  }
  if (subscription?.studentId)
    await queueNotice({
      _id: `chargeback:${dispute.id}`,
      kind: 'chargeback',
      parentId: accountId,
      studentId: subscription.studentId,
    });
  logger.warn(
    {
      dispute: dispute.id,
      status: dispute.status,
      customer: dispute.customerId,
      accountId,
      subscription: subscription?.id,
    },
    'payment disputed: chargeback',
  );
  return applied;
}

/**
 * A customer deleted at Stripe (in its Dashboard, or by closing the account), checked by reading it back: Stripe
 * canceled its subscriptions with it. The account marks the customer deleted, so its next subscription makes a new one, and
 * every student whose subscription was that customer's is given what Stripe now has (canceled), even when the
 * subscriptions' own events are late or lost.
 */
async function actOnDeletedCustomer(provider: PaymentProvider, customerId: string, eventAt: Date): Promise<Outcome> {
  if (!(await provider.customerDeleted(customerId))) return ignored('the customer still exists');
  const kept = await BillingCustomerModel.find({ stripeCustomerId: customerId }).select({ _id: 1 }).lean();
  const [records, students] = await Promise.all([
    SubscriptionRecordModel.find({ customerId, subscriptionId: { $exists: true } })
      .select({ subscriptionId: 1 })
      .lean(),
    kept.length > 0
      ? StudentBillingModel.find({
          userId: { $in: kept.map((k) => k._id) },
          stripeSubscriptionId: { $exists: true },
          subscriptionStatus: { $ne: 'canceled' },
        })
          .select({ stripeSubscriptionId: 1 })
          .lean()
      : [],
  ]);
  const subscriptionIds = new Set<string>();
  for (const r of records) if (r.subscriptionId) subscriptionIds.add(r.subscriptionId);
  for (const s of students) if (s.stripeSubscriptionId) subscriptionIds.add(s.stripeSubscriptionId);
  for (const subscriptionId of subscriptionIds) {
    const subscription = await provider.readSubscription(subscriptionId);
    if (subscription?.customerId === customerId) await applySubscription(provider, subscription, eventAt, true);
  }
  // Marked last (a retry after a failure part-way still finds the account's students); the account's next subscription
  // replaces it with a new customer under a key of its own, never naming this one again.
  const marked = await BillingCustomerModel.updateMany(
    { stripeCustomerId: customerId },
    { $set: { deletedAt: new Date() } },
  );
  logger.warn(
    { customer: customerId, accounts: marked.matchedCount, subscriptions: subscriptionIds.size },
    'customer deleted at the provider',
  );
  return marked.matchedCount > 0 || subscriptionIds.size > 0 ? applied : ignored('no account keeps the customer');
}

/**
 * Whether a provider subscription is this student's current one: the one recorded for it, or, while one is being
 * made, any but the student's previous one; with no record, the student's own or (none yet) any.
 */
function belongsToStudent(subscriptionId: string, student: StudentBilling, record: SubscriptionRecord | null) {
  if (record?.subscriptionId) return record.subscriptionId === subscriptionId;
  if (record) return subscriptionId !== student.stripeSubscriptionId;
  return !student.stripeSubscriptionId || student.stripeSubscriptionId === subscriptionId;
}

/**
 * Write a state read from the provider (`change`, whole) for an event of time `eventAt` (Stripe's clock) unless one for
 * a newer event (or a change made here, at Stripe's time of it) was written already, or this subscription has ended
 * here (a canceled subscription never comes back). Both sit in the update's filter, so a concurrent write cannot slip
 * between. An event of the same second as the one written answers `again` (its read may predate that one's change),
 * unless `sameSecond` says this read was made after that write.
 */
async function applyToStudent(
  studentId: number,
  subscriptionId: string,
  eventAt: Date,
  change: Required<Omit<StudentBilling, '_id' | 'userId' | 'stripeSubscriptionId' | 'subscriptionEventAt' | 'version'>>,
  sameSecond: boolean,
): Promise<Outcome> {
  const ended = {
    $or: [{ stripeSubscriptionId: { $ne: subscriptionId } }, { subscriptionStatus: { $ne: 'canceled' } }],
  };
  const older = sameSecond ? { $lt: new Date(eventAt.getTime() + 1000) } : { $lt: eventAt };
  const result = await StudentBillingModel.updateOne(
    { _id: studentId, $and: [{ $or: [{ subscriptionEventAt: null }, { subscriptionEventAt: older }] }, ended] },
    { $set: { ...change, stripeSubscriptionId: subscriptionId, subscriptionEventAt: eventAt }, $inc: { version: 1 } },
  );
  if (result.matchedCount !== 1) {
    // Within the same second (a time written before events were ordered by their own may carry milliseconds).
    const second = { $gte: eventAt, $lt: new Date(eventAt.getTime() + 1000) };
    if (!sameSecond && (await StudentBillingModel.exists({ _id: studentId, subscriptionEventAt: second, ...ended })))
      return { applied: false, reason: 'a state of the same second was applied already', again: true };
    return ignored('a newer state was applied already, or the subscription has ended');
  }
  await publisher.changed('subscription', studentId);
  return applied;
}

/**
 * A subscription whose metadata names a student with an attempt still pending, or failed without knowing what the
 * provider did (a 500, a time-out), is that attempt's: it is recorded as made, with the free month it began and the
 * secret the waiting screen confirms, so the parent's retry gets it back instead of being refused.
 */
async function adoptIntoAttempt(
  provider: PaymentProvider,
  subscription: ProviderSubscription,
  student: StudentBilling,
  record: SubscriptionRecord,
): Promise<SubscriptionRecord | null> {
  if (record.subscriptionId || record.state === 'created' || subscription.studentId !== record._id) return record;
  if (!isLiveAtProvider(subscription.status)) return record;
  const created = await provider.readCreated(subscription.id);
  if (!created) return record;
  if (created.trial) await recordTrial(student, created.subscriptionId, record.freeMonthKey);
  await SubscriptionRecordModel.updateOne(
    { _id: record._id, attemptKey: record.attemptKey, state: record.state, subscriptionId: { $exists: false } },
    {
      $set: { ...madeAtProvider(created), outcomeUnknown: false, serverError: false, updatedAt: new Date() },
    },
  );
  return SubscriptionRecordModel.findById(record._id).lean();
}

async function applySubscription(
  provider: PaymentProvider,
  subscription: ProviderSubscription,
  eventAt: Date,
  sameSecond = false,
): Promise<{ outcome: Outcome; student?: StudentBilling; record?: SubscriptionRecord | null }> {
  let record: SubscriptionRecord | null = subscription.studentId
    ? await SubscriptionRecordModel.findById(subscription.studentId).lean()
    : await SubscriptionRecordModel.findOne({ subscriptionId: subscription.id }).lean();
  const studentId =
    subscription.studentId ??
    record?._id ??
    (await StudentBillingModel.findOne({ stripeSubscriptionId: subscription.id }).select({ _id: 1 }).lean())?._id;
  if (!studentId) return { outcome: ignored('no student in the subscription metadata') };
  const student = await billingStudent(studentId);
  if (!student) return { outcome: await cancelForGoneLearner(provider, subscription, studentId) };
  if (!belongsToStudent(subscription.id, student, record))
    return { outcome: ignored("not the student's current subscription") };
  if (record) record = await adoptIntoAttempt(provider, subscription, student, record);
  const paymentMethodSaved = cardSavedFor(subscription, record);
  const graceEndsAt = graceEnd(subscription.status, subscription.currentPeriodStart);
  // Past due beyond the grace: logging waits for the payment (endGraces does the same when no event comes).
  const status =
    graceEndsAt && graceEndsAt <= new Date()
      ? 'past_due'
      : studentStatusFor(subscription.status, paymentMethodSaved, subscription.pauseCause);
  const outcome = await applyToStudent(
    studentId,
    subscription.id,
    eventAt,
    {
      subscriptionStatus: status,
      providerStatus: subscription.status,
      paymentActionRequired: isLiveAtProvider(subscription.status) && subscription.paymentActionRequired,
      pauseCause: subscription.pauseCause,
      graceEndsAt,
      subscriptionTrialEnd: seconds(subscription.trialEnd),
      subscriptionCurrentPeriodEnd: seconds(subscription.currentPeriodEnd),
      // Stripe keeps cancel_at_period_end on a subscription it has ended: only a live one is still "set to end".
      subscriptionCancelAtPeriodEnd: subscription.cancelAtPeriodEnd && isLiveAtProvider(subscription.status),
    },
    sameSecond,
  );
  if (record?.subscriptionId === subscription.id) {
    if (isEnded(status)) {
      // Over: the student may start a new one.
      await SubscriptionRecordModel.deleteOne({ _id: studentId, subscriptionId: subscription.id });
    } else if (outcome.applied) {
      await SubscriptionRecordModel.updateOne(
        { _id: studentId, subscriptionId: subscription.id },
        { $set: { providerStatus: subscription.status, updatedAt: new Date() } },
      );
    }
  }
  return { outcome, student, record };
}

/**
 * A subscription still live at the provider for a learner svc-students no longer has (made while they were being
 * removed): nobody can see or cancel it, so it is canceled here, and any attempt left for the student goes with it.
 */
async function cancelForGoneLearner(
  provider: PaymentProvider,
  subscription: ProviderSubscription,
  studentId: number,
): Promise<Outcome> {
  if (!(await learnerGone(studentId, subscription.customerId))) return ignored('unknown student');
  if (!isLiveAtProvider(subscription.status)) return ignored('the student no longer exists');
  await provider.cancelSubscription(subscription.id);
  await SubscriptionRecordModel.deleteOne({ _id: studentId });
  logger.warn({ subscription: subscription.id, studentId }, 'canceled a subscription of a learner who was removed');
  return applied;
}

/** A card is saved for the subscription: Stripe says so, or this service saw its SetupIntent succeed. */
const cardSavedFor = (subscription: ProviderSubscription, record: SubscriptionRecord | null | undefined) =>
  subscription.paymentMethodSaved || Boolean(record?.subscriptionId === subscription.id && record.paymentMethodSaved);
