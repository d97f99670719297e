import { BILLING_ERRORS } from '@logbook/contracts/billing';
import type { SimulatedConfirm } from '@logbook/contracts/responses';
import { canAccessStudent, type Callers } from '@logbook/service-kit/auth';
import { conflict, notFound } from '@logbook/service-kit/errors';
import type { SimulatedProvider } from '../providers/simulated';
import { SubscriptionRecordModel } from '../subscriptions/model';
import { billingStudent } from '../subscriptions/owners';
import { getSubscription, ownedStudent, type SubscriptionView } from '../subscriptions/subscriptions';

/** The simulated stand-in for the browser's confirmSetup: the card is "saved" and the provider's events follow. */
export async function confirmSimulatedSetup(
  provider: SimulatedProvider,
  callers: Callers,
  clientSecret: string,
): Promise<SimulatedConfirm> {
  const pending = await provider.findByClientSecret(clientSecret);
  const student = pending ? await billingStudent(pending.studentId) : null;
  if (!pending || !student || !canAccessStudent(callers, { id: student._id, userId: student.userId }))
    throw notFound(BILLING_ERRORS.unknownClientSecret);
  await provider.confirm(clientSecret);
  return { status: 'succeeded', subscription: await getSubscription(callers, student._id) };
}

/** A renewal charge declined (for tests and demonstrations): the student falls past due. */
export async function failSimulatedRenewal(
  provider: SimulatedProvider,
  callers: Callers,
  studentId: number,
): Promise<SubscriptionView> {
  await ownedStudent(callers, studentId);
  const record = await SubscriptionRecordModel.findById(studentId).lean();
  if (record?.state !== 'created' || !record.subscriptionId) throw conflict(BILLING_ERRORS.subscriptionEnded);
  await provider.failRenewal(record.subscriptionId);
  return getSubscription(callers, studentId);
}
