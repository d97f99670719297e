import { ACCOUNT_MESSAGES } from '@logbook/contracts/messages';
import type { z } from 'zod';
import { PRODUCT_NAME } from '@logbook/contracts/constants';
import {
  logbookExportSchema,
  sessionsCsvSchema,
  statusOnlySchema,
  studentsExportSchema,
} from '@logbook/contracts/internal-api';
import { AppError } from '@logbook/service-kit/errors';
import { callInternal, type ServiceName } from '@logbook/service-kit/internal';
import { logger } from '@logbook/service-kit/logger';
import { UserModel } from '../accounts/model';
import { endGuardianSessions, endLearnerSessions } from '../accounts/sessions';
import { leaveFamily } from '../guardians/families';
import { FamilyInvitationModel } from '../guardians/model';
import { MailMessageModel } from '../mail/model';
import { queueMail } from '../mail/queue';
import { mailTemplates } from '../mail/templates';
import { PasswordResetTokenModel } from '../password-reset/model';
import { forgetAccountCounters } from '../rate-limits';
import { StudentLoginVersionModel } from '../student-sessions/login-versions';

/** Cancels at the provider can take a while: the provider's own retries run inside the call. */
const PROVIDER_CALL_MS = 30_000;

/** The owner's answer; anything but its success (204 to a delete, else 200) stops the request with a 503. */
async function ask<S extends z.ZodType>(
  schema: S,
  service: ServiceName,
  method: 'GET' | 'POST' | 'DELETE',
  route: string,
): Promise<z.output<S>> {
  const reply = await callInternal(schema, service, method, route, undefined, { timeoutMs: PROVIDER_CALL_MS });
  if (!reply.ok || reply.status !== (method === 'DELETE' ? 204 : 200)) {
    logger.warn({ service, route, status: reply.status }, 'family request refused');
    throw new AppError(503, ACCOUNT_MESSAGES.deleteFailed);
  }
  return reply.body;
}

const studentsOf = (userId: number) =>
  ask(studentsExportSchema, 'students', 'GET', `/internal/families/${userId}/export`);

const namedStudents = (ids: number[]) => (ids.length ? `?studentIds=${ids.join(',')}` : '');

/** The family's whole record, gathered from each service that owns a part of it, with the asking guardian's account. */
export async function exportFamily(guardianId: number, userId: number) {
  const user = await UserModel.findById(guardianId).select({ email: 1, username: 1, createdAt: 1 }).lean();
  if (!user) throw new AppError(401, ACCOUNT_MESSAGES.exportFailed);
  const { students } = await studentsOf(userId);
  const route = `/internal/families/${userId}/export${namedStudents(students.map((s) => s.id))}`;
  const logbook = await ask(logbookExportSchema, 'logbook', 'GET', route);
  return {
    product: PRODUCT_NAME,
    exportedAt: new Date().toISOString(),
    account: {
      id: user._id,
      email: user.email,
      username: user.username,
      createdAt: new Date(user.createdAt).toISOString(),
    },
    students,
    settings: logbook.settings,
    supervisors: logbook.supervisors,
    sessions: logbook.sessions,
    chains: logbook.chains,
    verificationCodes: logbook.verificationCodes,
  };
}

/** Everything of one account in this service, once it no longer belongs to the family. */
async function forgetAccount(user: { _id: number; email: string }): Promise<void> {
  await endGuardianSessions(user._id);
  await PasswordResetTokenModel.deleteMany({ userId: user._id });
  await forgetAccountCounters(user.email, []);
  await UserModel.deleteOne({ _id: user._id });
  // Not tied to the account any more: it is sent, then gone like the rest.
  await queueMail(user.email, 'account_deleted', mailTemplates.accountDeleted());
}

/**
 * A guardian who is not the family's last closes their account: they leave the family, whose data stays with the
 * other guardians, and their account goes.
 */
export async function closeGuardianAccount(guardianId: number, familyId: number): Promise<void> {
  const user = await UserModel.findById(guardianId).select({ email: 1 }).lean();
  if (!user) return;
  await leaveFamily(guardianId, familyId);
  await forgetAccount({ _id: guardianId, email: user.email });
}

/**
 * The family's last guardian closes the account: every subscription is canceled with the provider first, and when the provider cannot be
 * reached nothing is deleted. Then every service deletes what it holds of the family, this one last, and a
 * confirmation email is queued (it leaves the queue once sent).
 */
export async function deleteFamily(guardianId: number, userId: number): Promise<void> {
  const user = await UserModel.findById(guardianId).select({ email: 1 }).lean();
  if (!user) return;
  try {
    await ask(statusOnlySchema, 'billing', 'POST', `/internal/families/${userId}/cancel`);
  } catch (err) {
    logger.warn({ err, userId }, 'account not deleted: subscriptions could not be canceled');
    throw new AppError(503, ACCOUNT_MESSAGES.deleteProviderDown);
  }
  const { students } = await studentsOf(userId);
  const studentIds = students.map((s) => s.id);
  await ask(statusOnlySchema, 'students', 'DELETE', `/internal/families/${userId}`);
  await ask(statusOnlySchema, 'logbook', 'DELETE', `/internal/families/${userId}${namedStudents(studentIds)}`);
  await ask(statusOnlySchema, 'billing', 'DELETE', `/internal/families/${userId}`);
  await endLearnerSessions(userId);
  await StudentLoginVersionModel.deleteMany({ _id: { $in: studentIds } });
  await MailMessageModel.deleteMany({ userId });
  await FamilyInvitationModel.deleteMany({ familyId: userId });
  await forgetAccountCounters(
    user.email,
    students.flatMap((s) => (s.login ? [s.login.username] : [])),
  );
  await forgetAccount({ _id: guardianId, email: user.email });
}

/** The family's sessions as a CSV, made by the log book, which owns them. */
export async function exportSessionsCsv(guardianId: number, userId: number): Promise<string> {
  const user = await UserModel.exists({ _id: guardianId });
  if (!user) throw new AppError(401, ACCOUNT_MESSAGES.exportFailed);
  const { students } = await studentsOf(userId);
  const route = `/internal/families/${userId}/sessions-csv${namedStudents(students.map((s) => s.id))}`;
  const { csv } = await ask(sessionsCsvSchema, 'logbook', 'GET', route);
  return csv;
}
