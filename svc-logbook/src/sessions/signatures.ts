import crypto from 'node:crypto';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { printableSignature } from './print-signature';
import { SessionSignaturesModel, type DrivingSessionRecord, type SessionSignaturesRecord } from './model';

export interface SessionSignatures {
  studentSignature?: string;
  supervisorSignature?: string;
  studentSignaturePrint?: string;
  supervisorSignaturePrint?: string;
}

/** A session as read from the database, with some of its fields. */
export type StoredSession = Partial<DrivingSessionRecord> & { _id: number };

/** The id of a student's pair of signatures: the same pair always lands on the same record. */
export function signaturesIdOf(studentId: number, studentSignature: string, supervisorSignature: string): string {
  return crypto
    .createHash('sha256')
    .update(`${studentId}\n${studentSignature}\n${supervisorSignature}`)
    .digest('base64url');
}

/**
 * Store a session's signatures before the session itself, so a stored session always finds them. Storing the same
 * pair again (a retry after a crash, two identical submissions at once) finds the record already there.
 */
export async function storeSignatures(record: Omit<SessionSignaturesRecord, 'createdAt'>): Promise<void> {
  try {
    await SessionSignaturesModel.collection.insertOne({ ...record, createdAt: new Date() } as never);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}

/**
 * Sessions with their signatures: those logged before signatures were kept apart carry them inline, the rest are
 * read from session_signatures in one query. A session whose record is missing comes back without signatures.
 */
export async function withSignatures<T extends StoredSession>(
  docs: readonly T[],
  opts: { print?: boolean } = {},
): Promise<Array<T & SessionSignatures>> {
  const ids = [...new Set(docs.map((d) => d.signaturesId).filter((id): id is string => typeof id === 'string'))];
  const found = new Map<string, SessionSignatures>();
  if (ids.length) {
    const records = await SessionSignaturesModel.find({ _id: { $in: ids } })
      .select(
        opts.print
          ? { studentSignature: 1, supervisorSignature: 1, studentSignaturePrint: 1, supervisorSignaturePrint: 1 }
          : { studentSignature: 1, supervisorSignature: 1 },
      )
      .lean();
    for (const r of records) found.set(r._id, r);
  }
  const sessions = docs.map((doc) => {
    if (typeof doc.signaturesId !== 'string') return doc as T & SessionSignatures;
    const record = found.get(doc.signaturesId);
    const out: T & SessionSignatures = {
      ...doc,
      studentSignature: record?.studentSignature,
      supervisorSignature: record?.supervisorSignature,
    };
    if (opts.print) {
      out.studentSignaturePrint = record?.studentSignaturePrint;
      out.supervisorSignaturePrint = record?.supervisorSignaturePrint;
    }
    return out;
  });
  return opts.print ? Promise.all(sessions.map(withPrintCopies)) : sessions;
}

/** Sessions kept before signatures had print copies are given theirs, decoded within the same bounds as on the way in. */
async function withPrintCopies<T extends SessionSignatures>(session: T): Promise<T> {
  const [studentSignaturePrint, supervisorSignaturePrint] = await Promise.all([
    session.studentSignaturePrint ?? printCopyOf(session.studentSignature),
    session.supervisorSignaturePrint ?? printCopyOf(session.supervisorSignature),
  ]);
  return { ...session, studentSignaturePrint, supervisorSignaturePrint };
}

const PNG_PREFIX = 'data:image/png;base64,';

async function printCopyOf(dataUrl: string | undefined): Promise<string | undefined> {
  if (!dataUrl?.startsWith(PNG_PREFIX)) return undefined;
  const print = await printableSignature(Buffer.from(dataUrl.slice(PNG_PREFIX.length), 'base64'));
  return print?.toString('base64');
}

/** A stream of sessions read in batches, each batch given its signatures with one more query. */
export async function* sessionsWithSignatures<T extends StoredSession>(
  cursor: AsyncIterable<T>,
  opts: { print?: boolean; batchSize?: number } = {},
): AsyncGenerator<T & SessionSignatures> {
  const size = opts.batchSize ?? 50;
  let batch: T[] = [];
  for await (const doc of cursor) {
    batch.push(doc);
    if (batch.length >= size) {
      yield* await withSignatures(batch, opts);
      batch = [];
    }
  }
  if (batch.length) yield* await withSignatures(batch, opts);
}
