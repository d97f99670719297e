import { accountOf, canAccessStudent, type Callers } from '@logbook/service-kit/auth';
import { notFound, unauthorized } from '@logbook/service-kit/errors';
import { API_ERRORS } from '@logbook/contracts/messages';
import { normaliseStatus } from '@logbook/contracts/subscription';
import { StudentRecordModel, type OpeningBalance, type StudentRecord } from './model';

const STUDENT_FIELDS = {
  userId: 1,
  firstName: 1,
  lastName: 1,
  dateOfBirth: 1,
  licenseNumber: 1,
  subscriptionStatus: 1,
  openingBalance: 1,
  permitDate: 1,
  courses: 1,
} as const;

/** The family of these callers: the parent's account, or the signed-in student's parent's. */
export function familyOf(callers: Callers): number {
  const family = accountOf(callers);
  if (family === undefined) throw unauthorized();
  return family;
}

/** The student if these callers may see them (their parent, or that student); anyone else gets 404, never the data. */
export async function findAccessibleStudent(callers: Callers, studentId: number): Promise<StudentRecord> {
  const student = await StudentRecordModel.findById(studentId).select(STUDENT_FIELDS).lean();
  if (!student || !canAccessStudent(callers, { id: student._id, userId: student.userId })) {
    throw notFound(API_ERRORS.studentNotFound);
  }
  return student;
}

export const hasActiveSubscription = (student: StudentRecord) =>
  normaliseStatus(student.subscriptionStatus) === 'active';

const hoursOrZero = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value * 10) / 10 : 0;

/** Paper hours as stored, made safe to add up; null when the student has none. */
export function openingBalanceOf(student: Pick<StudentRecord, 'openingBalance'>): Required<OpeningBalance> | null {
  const balance = student.openingBalance;
  if (!balance || typeof balance !== 'object') return null;
  return {
    dayHours: hoursOrZero(balance.dayHours),
    nightHours: hoursOrZero(balance.nightHours),
    note: typeof balance.note === 'string' ? balance.note : '',
  };
}
