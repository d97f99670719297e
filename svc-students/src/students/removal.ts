import { API_ERRORS } from '@logbook/contracts/messages';
import { AppError, notFound } from '@logbook/service-kit/errors';
import { statusOnlySchema } from '@logbook/contracts/internal-api';
import { callInternal, type ServiceName } from '@logbook/service-kit/internal';
import { logger } from '@logbook/service-kit/logger';
import { StudentsOutboxModel } from '../events/publisher';
import { StudentModel } from './model';
import { findOwnStudent } from './students';

/** Said when the payment provider or another part could not be reached: the student stays, to be removed again. */
const REMOVAL_UNAVAILABLE =
  'The student could not be removed because the payment service could not be reached. Nothing was deleted. Please try again in a few minutes.';

/** The cancel may wait on the payment provider, which retries on its own. */
const PROVIDER_CALL_MS = 30_000;

/** Said when a subscription for the student is being started at that moment: the removal waits for it to finish. */
const REMOVAL_WHILE_SUBSCRIBING =
  'The student could not be removed because their subscription is being set up right now. Nothing was deleted. Please try again in a minute.';

async function ask(service: ServiceName, method: 'POST' | 'DELETE', route: string, ok: number) {
  let status: number;
  try {
    ({ status } = await callInternal(statusOnlySchema, service, method, route, undefined, {
      timeoutMs: PROVIDER_CALL_MS,
    }));
  } catch (err) {
    logger.warn({ err, service, route }, 'student removal stopped');
    throw new AppError(503, REMOVAL_UNAVAILABLE);
  }
  // Billing refuses while a subscription is being made for the student (it finishes within seconds).
  if (service === 'billing' && status === 409) throw new AppError(409, REMOVAL_WHILE_SUBSCRIBING);
  if (status !== ok) {
    logger.warn({ service, route, status }, 'student removal stopped');
    throw new AppError(503, REMOVAL_UNAVAILABLE);
  }
}

/**
 * Removes a student: the subscription is canceled with the provider first (when that fails nothing changes), then the
 * login is taken away and its sessions ended, the log book and billing records deleted, and the student last, so a
 * removal stopped half-way leaves the student listed, to be removed again.
 */
export async function removeStudent(parentUserId: number, studentId: number): Promise<void> {
  await findOwnStudent(parentUserId, studentId);
  await ask('billing', 'POST', `/internal/students/${studentId}/cancel`, 200);
  const taken = await StudentModel.updateOne(
    { _id: studentId, userId: parentUserId },
    {
      $set: { hasStudentLogin: false },
      $unset: { studentUsername: '', studentUsernameKey: '', studentPassword: '' },
      $inc: { loginVersion: 1 },
    },
  );
  if (taken.matchedCount === 0) throw notFound(API_ERRORS.studentNotFound);
  await ask('auth', 'DELETE', `/internal/students/${studentId}/sessions`, 204);
  await ask('logbook', 'DELETE', `/internal/students/${studentId}`, 204);
  await ask('billing', 'DELETE', `/internal/students/${studentId}`, 204);
  await StudentModel.deleteOne({ _id: studentId, userId: parentUserId });
  await StudentsOutboxModel.deleteMany({ key: studentId });
}
