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
import { endFamilySessions } from '../accounts/sessions';
import { MailMessageModel } from '../mail/model';
import { queueMail } from '../mail/queue';
import { mailTemplates } from '../mail/templates';
import { PasswordResetTokenModel } from '../password-reset/model';
import { forgetAccountCounters } from '../rate-limits';
import { StudentLoginVersionModel } from '../student-sessions/login-versions';

/** Cancels at the provider can take a while: the provider's own retries run inside the call. */
const PROVIDER_CALL_MS = 30_000;

async function ask<S extends z.ZodType>(
  schema: S,
  service: ServiceName,
  method: 'GET' | 'POST' | 'DELETE',
  route: string,
  expected: number,
): Promise<z.output<S>> {
  const reply = await callInternal(schema, service, method, route, undefined, { timeoutMs: PROVIDER_CALL_MS });
  if (!reply.ok || reply.status !== expected) {
    logger.warn({ service, route, status: reply.status }, 'family request refused');
    throw new AppError(503, ACCOUNT_MESSAGES.deleteFailed);
  }
  return reply.body;
}

const studentsOf = (userId: number) =>
  ask(studentsExportSchema, 'students', 'GET', `/internal/families/${userId}/export`, 200);

const namedStudents = (ids: number[]) => (ids.length ? `?studentIds=${ids.join(',')}` : '');

/** The family's whole record, gathered from each service that owns a part of it. */
export async function exportFamily(userId: number) {
  const user = await UserModel.findById(userId).select({ email: 1, username: 1, createdAt: 1 }).lean();
  if (!user) throw new AppError(401, ACCOUNT_MESSAGES.exportFailed);
  const { students } = await studentsOf(userId);
  const logbook = await ask(
    logbookExportSchema,
    'logbook',
    'GET',
    `/internal/families/${userId}/export${namedStudents(students.map((s) => s.id))}`,
    200,
  );
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

/**
 * Closes the account: every subscription is canceled with the provider first, and when the provider cannot be
 * reached nothing is deleted. Then every service deletes what it holds of the family, this one last, and a
 * confirmation email is queued (it leaves the queue once sent).
 */
export async function deleteFamily(userId: number): Promise<void> {
  const user = await UserModel.findById(userId).select({ email: 1 }).lean();
  if (!user) return;
  try {
    await ask(statusOnlySchema, 'billing', 'POST', `/internal/families/${userId}/cancel`, 200);
  } catch (err) {
    logger.warn({ err, userId }, 'account not deleted: subscriptions could not be canceled');
    throw new AppError(503, ACCOUNT_MESSAGES.deleteProviderDown);
  }
  const { students } = await studentsOf(userId);
  const studentIds = students.map((s) => s.id);
  await ask(statusOnlySchema, 'students', 'DELETE', `/internal/families/${userId}`, 204);
  await ask(statusOnlySchema, 'logbook', 'DELETE', `/internal/families/${userId}${namedStudents(studentIds)}`, 204);
  await ask(statusOnlySchema, 'billing', 'DELETE', `/internal/families/${userId}`, 204);
  await endFamilySessions(userId);
  await StudentLoginVersionModel.deleteMany({ _id: { $in: studentIds } });
  await PasswordResetTokenModel.deleteMany({ userId });
  await MailMessageModel.deleteMany({ userId });
  await forgetAccountCounters(
    user.email,
    students.flatMap((s) => (s.login ? [s.login.username] : [])),
  );
  await UserModel.deleteOne({ _id: userId });
  // Not tied to the account any more: it is sent, then gone like the rest.
  await queueMail(user.email, 'account_deleted', mailTemplates.accountDeleted());
}

/** The family's sessions as a CSV, made by the log book, which owns them. */
export async function exportSessionsCsv(userId: number): Promise<string> {
  const user = await UserModel.exists({ _id: userId });
  if (!user) throw new AppError(401, ACCOUNT_MESSAGES.exportFailed);
  const { students } = await studentsOf(userId);
  const named = namedStudents(students.map((s) => s.id));
  const { csv } = await ask(
    sessionsCsvSchema,
    'logbook',
    'GET',
    `/internal/families/${userId}/sessions-csv${named}`,
    200,
  );
  return csv;
}
