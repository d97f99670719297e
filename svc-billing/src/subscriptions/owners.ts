import { callInternal } from '@logbook/service-kit/internal';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { StudentBillingModel, type StudentBilling } from './model';

/** A student as svc-students' internal API answers them. */
interface OwnerStudent {
  id: number;
  userId: number;
  subscriptionStatus: string;
  legacyStripeSubscriptionId?: string;
  /** What the student's free month is remembered by; absent from an owner that does not compute it yet. */
  freeMonthKey?: string;
}

/** A parent account as svc-auth's internal API answers it. */
export interface OwnerUser {
  id: number;
  email: string;
  createdAt: string;
  legacyStripeCustomerId?: string;
}

/** The account from svc-auth, which owns it; null when there is none. */
export async function userFromOwner(userId: number): Promise<OwnerUser | null> {
  const { status, body } = await callInternal<OwnerUser>('auth', 'GET', `/internal/users/${userId}`);
  return status === 200 ? body : null;
}

/**
 * Billing's record of a student, made on first use from what svc-students says of them: whose student it is, and the
 * subscription billing wrote there before it kept its own records. Null when svc-students knows no such student.
 */
export async function billingStudent(studentId: number): Promise<StudentBilling | null> {
  const known = await StudentBillingModel.findById(studentId).lean();
  if (known) return known;
  const { status, body } = await callInternal<OwnerStudent>('students', 'GET', `/internal/students/${studentId}`);
  if (status !== 200) return null;
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
  const { status, body } = await callInternal<OwnerStudent>('students', 'GET', `/internal/students/${studentId}`);
  return status === 200 && typeof body.freeMonthKey === 'string' ? body.freeMonthKey : null;
}
