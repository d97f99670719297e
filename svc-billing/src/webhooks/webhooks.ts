import Stripe from 'stripe';
import type { SubscriptionStatus } from '@logbook/contracts/constants';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import type { WebhookReceipt } from '@logbook/contracts/responses';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { AppError, badRequest } from '@logbook/service-kit/errors';
import { logger } from '@logbook/service-kit/logger';
import {
  StudentBillingModel,
  SubscriptionRecordModel,
  type StudentBilling,
  type SubscriptionRecord,
} from '../subscriptions/model';
import { isEnded, studentStatusFor, toEventTime } from '../subscriptions/status';
import { billingStudent } from '../subscriptions/owners';
import { publisher } from '../events/publisher';
import { BillingEventModel } from './model';

export type WebhookResult = WebhookReceipt;

/** The parts of Stripe's objects this service reads (the simulated provider sends the same shapes). */
type Ref = string | { id: string } | null | undefined;
interface SubscriptionObject {
  id: string;
  status: string;
  default_payment_method?: Ref;
  metadata?: Record<string, string> | null;
  trial_end?: number | null;
  cancel_at_period_end?: boolean | null;
  items?: { data?: Array<{ current_period_end?: number | null }> } | null;
}
interface InvoiceObject {
  id: string;
  amount_paid?: number | null;
  billing_reason?: string | null;
  parent?: {
    subscription_details?: { subscription?: Ref; metadata?: Record<string, string> | null } | null;
  } | null;
}
interface SetupIntentObject {
  id: string;
  payment_method?: Ref;
}

const idOf = (ref: Ref) => (typeof ref === 'string' ? ref : (ref?.id ?? undefined));
const studentIdFrom = (value: unknown) =>
  typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined;
const seconds = (value: number | null | undefined) => (typeof value === 'number' ? toEventTime(value) : null);

type Outcome = { applied: true } | { applied: false; reason: string };
const applied: Outcome = { applied: true };
const ignored = (reason: string): Outcome => ({ applied: false, reason });

/**
 * Check the signature, count the event once, and apply it. The HTTP route and the simulated provider both come
 * through here, so both are held to the same rules.
 */
export async function receiveWebhook(
  payload: Buffer | string | undefined,
  signatureHeader: string | undefined,
  secret: string | undefined,
): Promise<WebhookResult> {
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
  try {
    await BillingEventModel.create({
      _id: event.id,
      type: event.type,
      created: toEventTime(event.created),
      receivedAt: new Date(),
      outcome: 'processing',
    });
  } catch (err) {
    if (isDuplicateKey(err)) return { received: true, duplicate: true };
    throw err;
  }
  let outcome: Outcome;
  try {
    outcome = await applyEvent(event.type, event.data.object as unknown, toEventTime(event.created));
  } catch (err) {
    // Not counted, so the provider's retry gets another go.
    await BillingEventModel.deleteOne({ _id: event.id }).catch(() => undefined);
    throw err;
  }
  const summary = outcome.applied ? 'applied' : `ignored: ${outcome.reason}`;
  await BillingEventModel.updateOne({ _id: event.id }, { $set: { outcome: summary } });
  logger.info({ event: event.id, type: event.type, outcome: summary }, 'billing event');
  return outcome.applied ? { received: true } : { received: true, ignored: outcome.reason };
}

async function applyEvent(type: string, object: unknown, eventAt: Date): Promise<Outcome> {
  switch (type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return applySubscription(object as SubscriptionObject, eventAt, type === 'customer.subscription.deleted');
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return applyInvoice(object as InvoiceObject, eventAt, type === 'invoice.paid');
    case 'setup_intent.succeeded':
      return applySetupIntent(object as SetupIntentObject, eventAt);
    default:
      return ignored('not an event this service uses');
  }
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

interface StudentChange {
  subscriptionStatus?: SubscriptionStatus;
  subscriptionTrialEnd?: Date | null;
  subscriptionCurrentPeriodEnd?: Date | null;
  subscriptionCancelAtPeriodEnd?: boolean;
}

/**
 * Apply a change unless a newer event was applied already or this subscription has ended (a canceled subscription
 * never comes back). Both conditions sit in the update's filter, so a concurrent event cannot slip between.
 */
async function applyToStudent(
  studentId: number,
  subscriptionId: string,
  eventAt: Date,
  change: StudentChange,
): Promise<Outcome> {
  const result = await StudentBillingModel.updateOne(
    {
      _id: studentId,
      $and: [
        { $or: [{ subscriptionEventAt: null }, { subscriptionEventAt: { $lte: eventAt } }] },
        { $or: [{ stripeSubscriptionId: { $ne: subscriptionId } }, { subscriptionStatus: { $ne: 'canceled' } }] },
      ],
    },
    { $set: { ...change, stripeSubscriptionId: subscriptionId, subscriptionEventAt: eventAt }, $inc: { version: 1 } },
  );
  if (result.matchedCount !== 1) return ignored('older than the last event applied, or the subscription has ended');
  await publisher.changed('subscription', studentId);
  return applied;
}

async function studentAndRecord(studentId: number) {
  const [student, record] = await Promise.all([
    billingStudent(studentId),
    SubscriptionRecordModel.findById(studentId).lean(),
  ]);
  return { student, record };
}

async function applySubscription(subscription: SubscriptionObject, eventAt: Date, deleted: boolean): Promise<Outcome> {
  if (typeof subscription.id !== 'string') return ignored('no subscription id');
  const studentId = studentIdFrom(subscription.metadata?.studentId);
  if (!studentId) return ignored('no student in the subscription metadata');
  const { student, record } = await studentAndRecord(studentId);
  if (!student) return ignored('unknown student');
  if (!belongsToStudent(subscription.id, student, record)) return ignored("not the student's current subscription");
  const ours = record?.subscriptionId === subscription.id;
  const paymentMethodSaved =
    Boolean(idOf(subscription.default_payment_method)) || Boolean(ours && record?.paymentMethodSaved);
  const status = deleted ? 'canceled' : studentStatusFor(subscription.status, paymentMethodSaved);
  const outcome = await applyToStudent(studentId, subscription.id, eventAt, {
    subscriptionStatus: status,
    subscriptionTrialEnd: seconds(subscription.trial_end),
    subscriptionCurrentPeriodEnd: seconds(subscription.items?.data?.[0]?.current_period_end),
    subscriptionCancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
  });
  if (outcome.applied && ours) {
    if (isEnded(status)) {
      // Over: the student may start a new one.
      await SubscriptionRecordModel.deleteOne({ _id: studentId, subscriptionId: subscription.id });
    } else {
      await SubscriptionRecordModel.updateOne(
        { _id: studentId, subscriptionId: subscription.id },
        { $set: { providerStatus: deleted ? 'canceled' : subscription.status, updatedAt: new Date() } },
      );
    }
  } else if (deleted && ours) {
    await SubscriptionRecordModel.deleteOne({ _id: studentId, subscriptionId: subscription.id });
  }
  return outcome;
}

async function applyInvoice(invoice: InvoiceObject, eventAt: Date, paid: boolean): Promise<Outcome> {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  if (!subscriptionId) return ignored('not a subscription invoice');
  const studentId =
    studentIdFrom(details?.metadata?.studentId) ??
    (await SubscriptionRecordModel.findOne({ subscriptionId }).select({ _id: 1 }).lean())?._id ??
    (await StudentBillingModel.findOne({ stripeSubscriptionId: subscriptionId }).select({ _id: 1 }).lean())?._id;
  if (!studentId) return ignored('no student for this subscription');
  const { student, record } = await studentAndRecord(studentId);
  if (!student) return ignored('unknown student');
  if (!belongsToStudent(subscriptionId, student, record)) return ignored("not the student's current subscription");
  if (paid) {
    // The trial's first invoice is paid at nothing: that says nothing about a card.
    if (!(typeof invoice.amount_paid === 'number' && invoice.amount_paid > 0)) return ignored('nothing was charged');
    return applyToStudent(studentId, subscriptionId, eventAt, { subscriptionStatus: 'active' });
  }
  const status: SubscriptionStatus = invoice.billing_reason === 'subscription_create' ? 'incomplete' : 'past_due';
  return applyToStudent(studentId, subscriptionId, eventAt, { subscriptionStatus: status });
}

async function applySetupIntent(setupIntent: SetupIntentObject, eventAt: Date): Promise<Outcome> {
  if (typeof setupIntent.id !== 'string') return ignored('no setup intent id');
  // updateOne then a read under the same guard: the fallback server's findOneAndUpdate can match a record that a
  // concurrent request is taking over, and a record being taken over is no longer waiting on this SetupIntent.
  const guard = { setupIntentId: setupIntent.id, state: 'created' as const };
  await SubscriptionRecordModel.updateOne(guard, { $set: { paymentMethodSaved: true, updatedAt: new Date() } });
  const record = await SubscriptionRecordModel.findOne({ ...guard, paymentMethodSaved: true }).lean();
  if (!record?.subscriptionId) return ignored('not a subscription this service is waiting on');
  if (record.providerStatus !== 'trialing' && record.providerStatus !== 'active') return applied;
  const student = await billingStudent(record._id);
  if (!student) return ignored('unknown student');
  return applyToStudent(record._id, record.subscriptionId, eventAt, { subscriptionStatus: 'active' });
}
