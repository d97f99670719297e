import { SESSION_FIELDS, fieldsWhere, type SessionFieldRegistry } from '@logbook/contracts/session-fields';
import { DrivingSessionModel } from '../sessions/model';
import { StudentRecordModel } from '../students/model';
import { familyStudentIds } from './family';

type Row = Record<string, unknown> & { _id: number; studentId?: number; status?: string };

/** The CSV's columns: the entry's number, its student and their name, every exported session field, the entry's state. */
export const csvColumns = (registry: SessionFieldRegistry = SESSION_FIELDS): string[] => [
  'sessionId',
  ...fieldsWhere(registry, 'exported').flatMap((name) => (name === 'studentId' ? [name, 'studentName'] : [name])),
  'status',
  'createdAt',
];

/** One cell: quoted, and a leading formula character defused so a spreadsheet shows it as text. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Sessions, one row each, for a spreadsheet; `names` gives each student's name by id. */
export function sessionsCsv(
  sessions: Row[],
  names: ReadonlyMap<number, string>,
  registry: SessionFieldRegistry = SESSION_FIELDS,
): string {
  const columns = csvColumns(registry);
  const rows = sessions.map((session) =>
    columns
      .map((column) => {
        if (column === 'sessionId') return csvCell(session._id);
        if (column === 'studentName') return csvCell(names.get(session.studentId ?? 0) ?? '');
        if (column === 'status') return csvCell(session.status ?? 'in_force');
        return csvCell(session[column]);
      })
      .join(','),
  );
  return [columns.join(','), ...rows].join('\r\n') + '\r\n';
}

/** The family's sessions as a CSV: every entry of its students, corrected and removed ones too, named as the log book knows them. */
export async function familySessionsCsv(userId: number, named: number[] = []): Promise<string> {
  const studentIds = await familyStudentIds(userId, named);
  const columns = Object.fromEntries(csvColumns().map((c) => [c, 1 as const]));
  const [students, sessions] = await Promise.all([
    StudentRecordModel.find({ _id: { $in: studentIds } })
      .select({ firstName: 1, lastName: 1 })
      .lean(),
    DrivingSessionModel.find({ studentId: { $in: studentIds } })
      .select(columns)
      .sort({ studentId: 1, date: 1, startTime: 1, _id: 1 })
      .lean<Row[]>(),
  ]);
  const names = new Map(students.map((s) => [s._id, `${s.firstName} ${s.lastName}`]));
  return sessionsCsv(sessions, names);
}
