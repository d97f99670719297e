import type { Callers } from '@logbook/service-kit/auth';
import { badRequest } from '@logbook/service-kit/errors';
import { VALIDATION } from '@logbook/contracts/messages';
import type { DrivingSession, SessionListQuery } from '@logbook/contracts/schemas';
import { findAccessibleStudent } from '../students/students';
import { DrivingSessionModel, IN_FORCE } from './model';
import { withSignatures } from './signatures';
import { listGzip, listJson, listView } from './list-cache';
import { allSessions, FIELDS_WITH_SIGNATURES, inForce, studentAndVersion, toView } from './read';

/** A list answer ready to send: JSON, or the same JSON gzipped when the caller takes gzip. */
export interface ListAnswer {
  body: Buffer;
  gzipped: boolean;
}

const plain = (value: DrivingSession[]): ListAnswer => ({ body: Buffer.from(JSON.stringify(value)), gzipped: false });

const everyEntry = () => true;

/** The sessions of a student (the whole list is made, and gzipped, once per change of the log). */
export async function listSessionsAnswer(
  callers: Callers,
  studentId: number,
  query: SessionListQuery,
  takesGzip: boolean,
): Promise<ListAnswer> {
  if (query.fromDate && query.toDate && query.fromDate > query.toDate) throw badRequest(VALIDATION.dateRangeInvalid);
  if (query.include === 'signatures') {
    const student = await findAccessibleStudent(callers, studentId);
    const docs = await DrivingSessionModel.find({ ...sessionFilter(student._id, query), ...IN_FORCE })
      .select(FIELDS_WITH_SIGNATURES)
      .sort({ date: -1, startTime: -1, _id: -1 })
      .lean();
    return plain((await withSignatures(docs)).map((doc) => toView(doc, true)));
  }
  const { student, version } = await studentAndVersion(callers, studentId);
  const all = await allSessions(student._id, version);
  const view = query.include === 'history' ? listView(all, 'history', everyEntry) : listView(all, 'in_force', inForce);
  if (!query.fromDate && !query.toDate && !query.timeOfDay) {
    return takesGzip ? { body: listGzip(view), gzipped: true } : { body: listJson(view), gzipped: false };
  }
  // The same rules as the database query would apply (dates and times compare as text).
  const chosen = view.sessions.filter(
    (s) =>
      (!query.fromDate || s.date >= query.fromDate) &&
      (!query.toDate || s.date <= query.toDate) &&
      (!query.timeOfDay || s.timeOfDay === query.timeOfDay),
  );
  return plain(chosen);
}

function sessionFilter(studentId: number, query: SessionListQuery): Record<string, unknown> {
  const filter: Record<string, unknown> = { studentId };
  if (query.fromDate || query.toDate) {
    filter.date = {
      ...(query.fromDate ? { $gte: query.fromDate } : {}),
      ...(query.toDate ? { $lte: query.toDate } : {}),
    };
  }
  if (query.timeOfDay) filter.timeOfDay = query.timeOfDay;
  return filter;
}
