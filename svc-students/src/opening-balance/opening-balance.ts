import { API_ERRORS } from '@logbook/contracts/messages';
import { EMPTY_OPENING_BALANCE, type OpeningBalance } from '@logbook/contracts/opening-balance';
import { notFound } from '@logbook/service-kit/errors';
import { updateIfMatches } from '@logbook/service-kit/guarded';
import { publisher } from '../events/publisher';
import { openingBalanceOf, StudentModel, type OpeningBalanceRecord } from '../students/model';

const toOpeningBalance = (record: OpeningBalanceRecord | undefined | null): OpeningBalance =>
  record ? openingBalanceOf(record) : { ...EMPTY_OPENING_BALANCE };

/** Hours logged on paper before the app; zeros until a parent records them. */
export async function getOpeningBalance(parentUserId: number, studentId: number): Promise<OpeningBalance> {
  const doc = await StudentModel.findOne({ _id: studentId, userId: parentUserId }).select({ openingBalance: 1 }).lean();
  if (!doc) throw notFound(API_ERRORS.studentNotFound);
  return toOpeningBalance(doc.openingBalance);
}

export async function setOpeningBalance(
  parentUserId: number,
  studentId: number,
  balance: OpeningBalance,
): Promise<OpeningBalance> {
  const record: OpeningBalanceRecord = { ...balance, updatedAt: new Date() };
  // An updateOne, answered with what it wrote: on the in-memory fallback find-and-modify answers the document read
  // again afterwards, which can hold another save made at the same moment.
  const saved = await updateIfMatches(
    StudentModel,
    { _id: studentId, userId: parentUserId },
    { $set: { openingBalance: record }, $inc: { version: 1 } },
  );
  if (!saved) throw notFound(API_ERRORS.studentNotFound);
  await publisher.changed('student', studentId);
  return toOpeningBalance(record);
}
