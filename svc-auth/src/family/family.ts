import { ACCOUNT_MESSAGES } from '@logbook/contracts/messages';
import { PRODUCT_NAME } from '@logbook/contracts/constants';
import { SESSION_FIELDS, fieldsWhere, type SessionFieldRegistry } from '@logbook/contracts/session-fields';
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

type Doc = Record<string, unknown>;

/** What svc-students hands over of the family. */
interface StudentsExport {
  students: Array<Doc & { id: number; login: { username: string } | null }>;
}

/** What svc-logbook hands over of the family. */
interface LogbookExport {
  studentIds: number[];
  settings: Doc[];
  supervisors: Doc[];
  sessions: Array<Doc & { studentId: number }>;
  chains: Doc[];
  verificationCodes: Doc[];
}

/** Cancels at the provider can take a while: the provider's own retries run inside the call. */
const PROVIDER_CALL_MS = 30_000;

async function ask<T>(service: ServiceName, method: 'GET' | 'POST' | 'DELETE', route: string, ok: number) {
  const reply = await callInternal<T>(service, method, route, undefined, { timeoutMs: PROVIDER_CALL_MS });
  if (reply.status !== ok) {
    logger.warn({ service, route, status: reply.status }, 'family request refused');
    throw new AppError(503, ACCOUNT_MESSAGES.deleteFailed);
  }
  return reply.body;
}

const studentsOf = (userId: number) =>
  ask<StudentsExport>('students', 'GET', `/internal/families/${userId}/export`, 200);

const namedStudents = (ids: number[]) => (ids.length ? `?studentIds=${ids.join(',')}` : '');

/** The family's whole record, gathered from each service that owns a part of it. */
export async function exportFamily(userId: number) {
  const user = await UserModel.findById(userId).select({ email: 1, username: 1, createdAt: 1 }).lean();
  if (!user) throw new AppError(401, ACCOUNT_MESSAGES.exportFailed);
  const { students } = await studentsOf(userId);
  const logbook = await ask<LogbookExport>(
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

export type FamilyExport = Awaited<ReturnType<typeof exportFamily>>;

/**
 * Closes the account: every subscription is canceled with the provider first, and when the provider cannot be
 * reached nothing is deleted. Then every service deletes what it holds of the family, this one last, and a
 * confirmation email is queued (it leaves the queue once sent).
 */
export async function deleteFamily(userId: number): Promise<void> {
  const user = await UserModel.findById(userId).select({ email: 1 }).lean();
  if (!user) return;
  try {
    await ask('billing', 'POST', `/internal/families/${userId}/cancel`, 200);
  } catch (err) {
    logger.warn({ err, userId }, 'account not deleted: subscriptions could not be canceled');
    throw new AppError(503, ACCOUNT_MESSAGES.deleteProviderDown);
  }
  const { students } = await studentsOf(userId);
  const studentIds = students.map((s) => s.id);
  await ask('students', 'DELETE', `/internal/families/${userId}`, 204);
  await ask('logbook', 'DELETE', `/internal/families/${userId}${namedStudents(studentIds)}`, 204);
  await ask('billing', 'DELETE', `/internal/families/${userId}`, 204);
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

/** The CSV's columns: the entry's number, its student and their name, every exported session field, the entry's state. */
export const csvColumns = (registry: SessionFieldRegistry = SESSION_FIELDS): string[] => [
  'sessionId',
  ...fieldsWhere(registry, 'exported').flatMap((name) => (name === 'studentId' ? [name, 'studentName'] : [name])),
  'status',
  'createdAt',
];

/** One cell: quoted, and a leading formula character defused so a spreadsheet shows it as text. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The family's sessions, one row per session, for a spreadsheet. */
export function sessionsCsv(
  data: Pick<FamilyExport, 'students' | 'sessions'>,
  registry: SessionFieldRegistry = SESSION_FIELDS,
): string {
  const columns = csvColumns(registry);
  const names = new Map(data.students.map((s) => [s.id, `${String(s.firstName)} ${String(s.lastName)}`]));
  const rows = data.sessions.map((session) =>
    columns
      .map((column) => {
        if (column === 'sessionId') return csvCell(session.id);
        if (column === 'studentName') return csvCell(names.get(session.studentId) ?? '');
        if (column === 'status') return csvCell(session.status ?? 'in_force');
        return csvCell(session[column]);
      })
      .join(','),
  );
  return [columns.join(','), ...rows].join('\r\n') + '\r\n';
}
