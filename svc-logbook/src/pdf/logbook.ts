import type { Callers } from '@logbook/service-kit/auth';
import QRCode from 'qrcode';
import { localDateISO } from '@logbook/contracts/dates';
import { ensureChain } from '../chain/chain';
import { verificationCodeOf, verificationUrl } from '../chain/verification';
import { printProjection } from '../sessions/fields';
import { DrivingSessionModel, SEALED, type DrivingSessionRecord } from '../sessions/model';
import { sessionsWithSignatures } from '../sessions/signatures';
import { progressOf } from '../sessions/summary';
import { readinessFor } from '../readiness/readiness';
import { findAccessibleStudent } from '../students/students';
import type { LogbookContents, LogbookInput, LogbookSession } from './contents';
import { fileNamePart } from './text';

const PDF_FIELDS = printProjection();

type StoredRow = Partial<DrivingSessionRecord> & { _id: number };

/**
 * The rows in print order: entries in force and removed ones by date, each correction preceded by the entries it
 * replaced (struck through), so a corrected entry is read next to the one that put it right.
 */
async function* rowsInPrintOrder(studentId: number, limit: number): AsyncGenerator<StoredRow> {
  const cursor = DrivingSessionModel.find({ studentId, status: { $ne: 'superseded' }, ...SEALED })
    .select(PDF_FIELDS)
    .sort({ date: 1, startTime: 1, _id: 1 })
    .limit(Math.max(limit, 1))
    .batchSize(50)
    .lean<StoredRow[]>()
    .cursor();
  for await (const doc of cursor) {
    const replaced: StoredRow[] = [];
    let before = doc.correctionOf;
    // Corrections are few: each one's originals are read one by one, oldest printed first.
    while (typeof before === 'number' && replaced.length < limit) {
      const original = await DrivingSessionModel.findOne({ _id: before, studentId, ...SEALED })
        .select(PDF_FIELDS)
        .lean<StoredRow>();
      if (!original) break;
      replaced.unshift(original);
      before = original.correctionOf;
    }
    yield* replaced;
    yield doc;
  }
}

/**
 * What the PDF of one student's log book is made from. Ownership is settled before anything is sent; the progress and
 * the sessions are read once the document is flowing, the sessions one by one as they are drawn.
 */
export async function openLogbook(
  callers: Callers,
  studentId: number,
  origin: string,
): Promise<LogbookInput & { fileName: string }> {
  const student = await findAccessibleStudent(callers, studentId);
  const contents = async (): Promise<LogbookContents> => {
    await ensureChain(student._id);
    const [progress, code, readiness] = await Promise.all([
      progressOf(student),
      verificationCodeOf(student._id),
      readinessFor(callers, student._id),
    ]);
    const url = verificationUrl(code, origin);
    const qr = await QRCode.toBuffer(url, { width: 300, margin: 2 });
    // The count fixes the page count printed on every page; sessions logged while the PDF is drawn wait for the next.
    // Every entry is a row: those in force, and the corrected and removed ones struck through.
    const rowCount = await DrivingSessionModel.countDocuments({ studentId: student._id, ...SEALED });
    const rows = rowsInPrintOrder(student._id, rowCount);
    // Rows are drawn a batch at a time, each batch's signatures read with it: memory stays flat however long the log.
    const sessions = sessionsWithSignatures(rows, { print: true, batchSize: 50 }) as AsyncIterable<LogbookSession>;
    return { progress, readiness, sessionCount: rowCount, sessions, verification: { code, url, qr } };
  };
  return {
    student,
    madeOn: localDateISO(),
    contents,
    fileName: `learner-logbook-${fileNamePart(student.firstName)}-${fileNamePart(student.lastName)}.pdf`,
  };
}
