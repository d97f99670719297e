import type { Callers } from '@logbook/service-kit/auth';
import { forbidden, notFound } from '@logbook/service-kit/errors';
import { API_ERRORS } from '@logbook/contracts/messages';
import type { DrivingSession } from '@logbook/contracts/schemas';
import { findAccessibleStudent } from '../students/students';
import { listProjection, sessionView, type StoredDoc } from './fields';
import { DrivingSessionModel, type DrivingSessionRecord } from './model';
import { withSignatures } from './signatures';
import { listVersion, listView, sessionsAtVersion } from './list-cache';

/*
 * Reading the log: one entry as the API answers it, an entry by the client id that dedupes its retries, an entry a
 * parent may change, and the student's whole log from memory while it is unchanged.
 */

/** A driving session as the API answers it: the contract's type, built here without a parse (the list is hot). */
export type DrivingSessionView = DrivingSession;

export const LIST_FIELDS = listProjection();
// Sessions logged before signatures were kept apart carry them inline.
export const FIELDS_WITH_SIGNATURES = {
  ...LIST_FIELDS,
  studentSignature: 1,
  supervisorSignature: 1,
  signaturesId: 1,
} as const;

/** The answer for one session; signatures only when asked for (the projection alone is not honoured by every server). */
export function toView(
  doc: Partial<DrivingSessionRecord> & { _id: number },
  withSignatures: boolean,
): DrivingSessionView {
  return sessionView(doc as StoredDoc, withSignatures);
}

export async function findByClientId(studentId: number, clientId: string) {
  const doc = await DrivingSessionModel.findOne({ studentId, clientId }).select(FIELDS_WITH_SIGNATURES).lean();
  return doc ? (await withSignatures([doc]))[0] : null;
}

/** An entry a parent of its student may correct or remove: a student is refused, anyone else told it is not there. */
export async function changeableEntry(callers: Callers, id: number) {
  if (!callers.parent) throw forbidden(API_ERRORS.onlyParentsChangeEntries);
  const entry = await DrivingSessionModel.findById(id).select(LIST_FIELDS).lean();
  if (!entry) throw notFound(API_ERRORS.sessionNotFound);
  // Only the parent of this entry's student gets past here; for anyone else the entry does not exist.
  const student = await findAccessibleStudent({ parent: callers.parent }, entry.studentId).catch(() => {
    throw notFound(API_ERRORS.sessionNotFound);
  });
  return { entry, student };
}

/** Every entry of the student (superseded and removed ones too), newest first, without signatures: from memory while the log is unchanged. */
export async function allSessions(studentId: number, version: string | null) {
  return sessionsAtVersion(studentId, version, async () => {
    const docs = await DrivingSessionModel.find({ studentId })
      .select(LIST_FIELDS)
      .sort({ date: -1, startTime: -1, _id: -1 })
      .lean();
    return docs.map((doc) => toView(doc, false));
  });
}

/** The student (if these callers may see them) and the version of their log, read side by side. */
export async function studentAndVersion(callers: Callers, studentId: number) {
  const [student, version] = await Promise.all([findAccessibleStudent(callers, studentId), listVersion(studentId)]);
  return { student, version };
}

export const inForce = (s: DrivingSessionView) => s.status === 'in_force';

/** The entries in force (what every total counts) from the cached list. */
export async function sessionsInForce(studentId: number, version: string | null): Promise<DrivingSessionView[]> {
  return listView(await allSessions(studentId, version), 'in_force', inForce).sessions;
}
