import { internalStudentSchema, internalUserSchema, type InternalUser } from '@logbook/contracts/internal-api';
import { callInternal } from '@logbook/service-kit/internal';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { StudentBillingModel, type StudentBilling } from './model';

/** The account from svc-auth, which owns it; null when there is none. */
export async function userFromOwner(userId: number): Promise<InternalUser | null> {
  const reply = await callInternal(internalUserSchema, 'auth', 'GET', `/internal/users/${userId}`);
  return reply.ok ? reply.body : null;
}

/**
 * Billing's record of a student, made on first use from what svc-students says of them: whose student it is, and the
 * subscription billing wrote there before it kept its own records. Null when svc-students knows no such student.
 */
export async function billingStudent(studentId: number): Promise<StudentBilling | null> {
  const known = await StudentBillingModel.findById(studentId).lean();
  if (known) return known;
  const reply = await callInternal(internalStudentSchema, 'students', 'GET', `/internal/students/${studentId}`);
  if (!reply.ok) return null;
  const { body } = reply;
  const adopted: StudentBilling = {
    _id: studentId,
    userId: body.userId,
    subscriptionStatus: body.subscriptionStatus,
    ...(body.legacyStripeSubscriptionId ? { stripeSubscriptionId: body.legacyStripeSubscriptionId } : {}),
    version: 0,
  };
  try {
    await StudentBillingModel.create(adopted);
  } catch (err) {
    // Another request adopted the student first: theirs is the record.
    if (!isDuplicateKey(err)) throw err;
  }
  return StudentBillingModel.findById(studentId).lean();
}

/**
 * What svc-students says the student's free month is remembered by, as they are now (their name and date of birth may
 * have changed since billing first saw them); null when it knows no such student or does not say.
 */
export async function freeMonthKeyFromOwner(studentId: number): Promise<string | null> {
  const reply = await callInternal(internalStudentSchema, 'students', 'GET', `/internal/students/${studentId}`);
  return reply.ok ? (reply.body.freeMonthKey ?? null) : null;
}
