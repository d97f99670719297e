import { API_ERRORS } from '@logbook/contracts/messages';
import { EMPTY_OPENING_BALANCE, type OpeningBalance } from '@logbook/contracts/opening-balance';
import { notFound } from '@logbook/service-kit/errors';
import { StudentModel, type OpeningBalanceRecord } from '../students/model';

const toOpeningBalance = (record: OpeningBalanceRecord | undefined | null): OpeningBalance =>
  record
    ? { dayHours: record.dayHours, nightHours: record.nightHours, note: record.note ?? '' }
    : { ...EMPTY_OPENING_BALANCE };

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
  const doc = await StudentModel.findOneAndUpdate(
    { _id: studentId, userId: parentUserId },
    { $set: { openingBalance: record } },
    { new: true, projection: { openingBalance: 1 } },
  ).lean();
  if (!doc) throw notFound(API_ERRORS.studentNotFound);
  return toOpeningBalance(doc.openingBalance);
}
