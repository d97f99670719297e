import crypto from 'node:crypto';
import { internalStudentSchema, internalUserSchema, type InternalUser } from '@logbook/contracts/internal-api';
import { FAMILY_MESSAGES } from '@logbook/contracts/family';
import { API_ERRORS } from '@logbook/contracts/messages';
import type { Callers } from '@logbook/service-kit/auth';
import { AppError, forbidden } from '@logbook/service-kit/errors';
import { callInternal } from '@logbook/service-kit/internal';
import { mailboxKey } from '@logbook/service-kit/mailbox';
import { insertUnlessTaken } from '@logbook/service-kit/db';
import {
  BillingCustomerModel,
  ChargebackModel,
  StudentBillingModel,
  StudentRemovalModel,
  type Chargeback,
  type StudentBilling,
} from './model';

/** The account from svc-auth, which owns it; null when there is none. */
export async function userFromOwner(userId: number): Promise<InternalUser | null> {
  const reply = await callInternal(internalUserSchema, 'auth', 'GET', `/internal/users/${userId}`);
  return reply.ok ? reply.body : null;
}

/** The student as svc-students, which owns them, answers for them (its 404 included). */
const studentFromOwner = (studentId: number) =>
  callInternal(internalStudentSchema, 'students', 'GET', `/internal/students/${studentId}`);

/**
 * The card, cancelling and resuming are the billing owner's alone (the guardian who holds the subscription); any other
 * guardian of the family is refused with 403. Asked of svc-auth each time, so a change of owner counts at once; when
 * it cannot answer, nothing is allowed.
 */
export async function refuseAllButBillingOwner(callers: Callers): Promise<void> {
  const parent = callers.parent;
  if (!parent) return;
  const family = await userFromOwner(parent.familyId);
  if (!family) throw new AppError(503, API_ERRORS.serviceUnavailable);
  if (family.billingOwnerId !== undefined && family.billingOwnerId !== parent.guardianId)
    throw forbidden(FAMILY_MESSAGES.onlyBillingOwner);
}

/**
 * Billing's record of a student, made on first use from what svc-students says of them: whose student it is, and the
 * subscription billing wrote there before it kept its own records. Null when svc-students knows no such student.
 */
export async function billingStudent(studentId: number): Promise<StudentBilling | null> {
  if (await StudentRemovalModel.exists({ _id: studentId, until: null })) return null;
  const known = await StudentBillingModel.findById(studentId).lean();
  if (known) return known;
  const reply = await studentFromOwner(studentId);
  if (!reply.ok) return null;
  const { body } = reply;
  const adopted: StudentBilling = {
    _id: studentId,
    userId: body.userId,
    subscriptionStatus: body.subscriptionStatus,
    ...(body.legacyStripeSubscriptionId ? { stripeSubscriptionId: body.legacyStripeSubscriptionId } : {}),
    version: 0,
  };
  // Another request may have adopted the student first: theirs is the record.
  await insertUnlessTaken(StudentBillingModel, adopted);
  // Removed meanwhile (the removal marks the student before deleting its records): nothing is kept of them.
  if (await StudentRemovalModel.exists({ _id: studentId, until: null })) {
    await StudentBillingModel.deleteOne({ _id: studentId });
    return null;
  }
  return StudentBillingModel.findById(studentId).lean();
}

/** Whether no subscription may start for the student: they are being removed, or are gone. */
export const removalUnderway = async (studentId: number) =>
  Boolean(await StudentRemovalModel.exists({ _id: studentId, $or: [{ until: null }, { until: { $gt: new Date() } }] }));

/**
 * Whether a learner named by a subscription of this customer is gone: removed through billing, or unknown to
 * svc-students (its 404; any other failure throws, so nothing is canceled because svc-students could not be asked)
 * while the customer is one of this service's families (not another deployment's sharing the Stripe account).
 */
export async function learnerGone(studentId: number, customerId: string | undefined): Promise<boolean> {
  if (await StudentRemovalModel.exists({ _id: studentId, until: null })) return true;
  if (!customerId || !(await BillingCustomerModel.exists({ stripeCustomerId: customerId }))) return false;
  return (await studentFromOwner(studentId)).status === 404;
}

/**
 * What the student's free month is remembered by: the family's mailbox (its account's address, as svc-auth holds it)
 * with the learner as svc-students says they are now (their name and date of birth may have changed since billing
 * first saw them). Kept by the address, not the account, so closing the account and opening another under the same
 * address remembers it still. Null when either owner does not say.
 */
export async function freeMonthKeyFromOwner(student: { _id: number; userId: number }): Promise<string | null> {
  const reply = await studentFromOwner(student._id);
  if (!reply.ok || !reply.body.learnerKey) return null;
  return freeMonthKeyOf(student.userId, reply.body.learnerKey);
}

/** The family's free-month key for a learner key svc-students gave (on asking, or in a `student` event). */
export async function freeMonthKeyOf(userId: number, learnerKey: string): Promise<string | null> {
  const family = await familyMailbox(userId);
  return family && crypto.createHash('sha256').update(`${family}\n${learnerKey}`).digest('hex');
}

/** The family's mailbox, by which what outlives its account is kept; null when svc-auth knows no such account. */
export async function familyMailbox(userId: number): Promise<string | null> {
  const user = await userFromOwner(userId);
  return user ? mailboxKey(user.email) : null;
}

/** Whether the family is flagged for a disputed payment: by its account, or by its address (closed and opened again). */
export async function accountDisputed(userId: number): Promise<boolean> {
  if (await ChargebackModel.exists({ accountId: userId })) return true;
  const family = await familyMailbox(userId);
  return family !== null && Boolean(await ChargebackModel.exists({ family }));
}

/**
 * Flags kept by account before chargebacks were kept one by one (`_id` the account, `disputeId` the dispute) become
 * chargebacks, at start.
 */
export async function keepFlagsByChargeback(): Promise<void> {
  const byAccount = ChargebackModel.collection.find<{ _id: unknown; disputeId: string } & Partial<Chargeback>>({
    disputeId: { $exists: true },
  });
  for await (const { _id, disputeId, family, customerId, flaggedAt } of byAccount) {
    await ChargebackModel.updateOne(
      { _id: disputeId },
      { $setOnInsert: { accountId: Number(_id), family, customerId, flaggedAt } },
      { upsert: true },
    );
    await ChargebackModel.collection.deleteOne({ _id: _id as never });
  }
}
