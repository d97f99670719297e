import { API_ERRORS } from '@logbook/contracts/messages';
import type { Callers } from '@logbook/service-kit/auth';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { AppError, conflict } from '@logbook/service-kit/errors';
import { deleteOwnedBy } from '@logbook/service-kit/model';
import { BillingOutboxModel } from '../events/publisher';
import { atProvider } from '../providers/errors';
import {
  BillingCustomerModel,
  StudentBillingModel,
  StudentRemovalModel,
  StudentTrialModel,
  SubscriptionRecordModel,
  type StudentBilling,
} from '../subscriptions/model';
import { freeMonthKeyFromOwner, userFromOwner } from '../subscriptions/owners';
import { isLiveAtProvider } from '../subscriptions/status';
import { cancelSubscription, rememberFreeMonth, type SubscriptionOptions } from '../subscriptions/subscriptions';

/** The parent as billing's own checks expect a caller (the request was made and checked by the owner of accounts). */
const asParent = (userId: number): Callers => ({
  parent: { role: 'parent', guardianId: userId, familyId: userId, sessionId: 'internal' },
});

async function familyStudentIds(userId: number): Promise<number[]> {
  const [students, records] = await Promise.all([
    StudentBillingModel.find({ userId }).select({ _id: 1 }).lean(),
    SubscriptionRecordModel.find({ userId }).select({ _id: 1 }).lean(),
  ]);
  return [...new Set([...students, ...records].map((d) => d._id))];
}

/**
 * Cancels the student's subscription with the provider through the cancel the subscribe screen uses, and also one
 * billing only holds as the student's (a subscription made before billing kept records). True when one was canceled.
 */
async function cancelStudent(options: SubscriptionOptions, userId: number, studentId: number): Promise<boolean> {
  try {
    await cancelSubscription(options, asParent(userId), studentId);
    return true;
  } catch (err) {
    if (!(err instanceof AppError) || err.message !== API_ERRORS.nothingToCancel) throw err;
  }
  const student: StudentBilling | null = await StudentBillingModel.findOne({ _id: studentId, userId }).lean();
  if (!student?.stripeSubscriptionId || !isLiveAtProvider(student.subscriptionStatus)) return false;
  await atProvider(() => options.provider.cancelSubscription(student.stripeSubscriptionId!));
  await StudentBillingModel.updateOne(
    { _id: studentId },
    { $set: { subscriptionStatus: 'canceled', subscriptionCancelAtPeriodEnd: false }, $inc: { version: 1 } },
  );
  return true;
}

/**
 * Cancels every subscription of the family at the provider, then deletes the account's customer there (its email,
 * metadata and saved cards go with it); answers how many subscriptions were canceled.
 */
export async function cancelFamily(options: SubscriptionOptions, userId: number): Promise<number> {
  let canceled = 0;
  for (const studentId of await familyStudentIds(userId)) {
    if (await cancelStudent(options, userId, studentId)) canceled++;
  }
  await deleteCustomer(options, userId);
  return canceled;
}

async function deleteCustomer(options: SubscriptionOptions, userId: number): Promise<void> {
  if (!options.provider.keepsCustomers) return;
  const kept = await BillingCustomerModel.findById(userId).lean();
  const customerId = kept?.stripeCustomerId ?? (await userFromOwner(userId))?.legacyStripeCustomerId;
  if (!customerId) return;
  await atProvider(() => options.provider.deleteCustomer(customerId));
  await BillingCustomerModel.deleteOne({ _id: userId, stripeCustomerId: customerId });
}

/** svc-students' removal of a student runs its steps within this; no subscription starts for them meanwhile. */
const REMOVAL_WINDOW_MS = 5 * 60_000;

/**
 * Closes the student to new subscriptions (until `until`, or for good with null), then refuses with 409 when one is
 * being made right now: that subscribe wrote its attempt first and will see nothing of this, so the removal waits for
 * it to finish and is asked again. A refused removal leaves the student as it was.
 */
async function closeToSubscriptions(options: SubscriptionOptions, studentId: number, until: Date | null) {
  const before = await StudentRemovalModel.findById(studentId).lean();
  // Once removed for good, always so.
  if (before?.until !== null)
    await StudentRemovalModel.updateOne({ _id: studentId }, { $set: { until } }, { upsert: true });
  const record = await SubscriptionRecordModel.findById(studentId).lean();
  if (record?.state === 'creating' && Date.now() - new Date(record.startedAt).getTime() <= options.staleAfterMs) {
    if (before?.until !== null) {
      if (before) await StudentRemovalModel.updateOne({ _id: studentId }, { $set: { until: before.until } });
      else await StudentRemovalModel.deleteOne({ _id: studentId });
    }
    throw conflict(BILLING_ERRORS.subscriptionInProgress);
  }
}

/**
 * The first step of a student's removal: no new subscription for them from now on, and theirs canceled (0 when there
 * was none); 409 while one is being made.
 */
export async function cancelOneStudent(options: SubscriptionOptions, studentId: number): Promise<number> {
  await closeToSubscriptions(options, studentId, new Date(Date.now() + REMOVAL_WINDOW_MS));
  return cancelKnownStudent(options, studentId);
}

/** Cancels one student's subscription; 0 when billing knows no such student of any family. */
async function cancelKnownStudent(options: SubscriptionOptions, studentId: number): Promise<number> {
  const student = await StudentBillingModel.findById(studentId).select({ userId: 1 }).lean();
  const record = student ? null : await SubscriptionRecordModel.findById(studentId).select({ userId: 1 }).lean();
  const userId = student?.userId ?? record?.userId;
  if (userId === undefined) return 0;
  return (await cancelStudent(options, userId, studentId)) ? 1 : 0;
}

/** Deletes billing's documents of these students: by student id, keyed by it, and their events still waiting. */
async function deleteStudents(studentIds: number[]): Promise<void> {
  if (studentIds.length === 0) return;
  await deleteOwnedBy('svc-billing', 'studentId', studentIds);
  await StudentBillingModel.deleteMany({ _id: { $in: studentIds } });
  await SubscriptionRecordModel.deleteMany({ _id: { $in: studentIds } });
  // The trial's record by student id goes with the student (ids are never given again); the free month itself is
  // remembered by the family, name and date of birth (FreeMonthModel), which removal keeps.
  await StudentTrialModel.deleteMany({ _id: { $in: studentIds } });
  await BillingOutboxModel.deleteMany({ key: { $in: studentIds } });
}

/** Every billing document of the family: its students', the account's payment customer, anything kept by account. */
export async function deleteFamily(userId: number): Promise<void> {
  await deleteStudents(await familyStudentIds(userId));
  await deleteOwnedBy('svc-billing', 'userId', [userId]);
  await deleteOwnedBy('svc-billing', 'parentId', [userId]);
  await BillingCustomerModel.deleteMany({ _id: userId });
  // The free months and a dispute flag are kept by the family's address (they name no account), past the closure.
}

/**
 * Removes one student's billing records. A student who had the free month has it remembered first by what they are
 * called now (their name or date of birth may have changed since it began), so adding them again gives no second
 * one; svc-students still holds the student while it asks for this.
 */
export async function deleteStudent(options: SubscriptionOptions, studentId: number): Promise<void> {
  // A subscription made since the first step (after its window) is canceled; then none starts again, for good.
  await closeToSubscriptions(options, studentId, new Date(Date.now() + REMOVAL_WINDOW_MS));
  await cancelKnownStudent(options, studentId);
  await StudentRemovalModel.updateOne({ _id: studentId }, { $set: { until: null } });
  const [student, trial] = await Promise.all([
    StudentBillingModel.findById(studentId).lean(),
    StudentTrialModel.findById(studentId).lean(),
  ]);
  const userId = trial?.userId ?? student?.userId;
  if (userId !== undefined && (trial || student?.stripeSubscriptionId)) {
    const key = await freeMonthKeyFromOwner({ _id: studentId, userId });
    if (key) await rememberFreeMonth(key);
  }
  await deleteStudents([studentId]);
}
