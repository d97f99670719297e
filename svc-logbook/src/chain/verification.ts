import crypto from 'node:crypto';
import type { Callers } from '@logbook/service-kit/auth';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { notFound } from '@logbook/service-kit/errors';
import { API_ERRORS } from '@logbook/contracts/messages';
import { logbookConfig } from '../config';
import { StudentRecordModel } from '../students/model';
import { findAccessibleStudent } from '../students/students';
import { checkChain, type ChainReport } from './chain';
import { VerificationCodeModel } from './model';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const CODE_BYTES = 10; // 80 random bits: 16 characters
const CODE_RE = /^[A-Z2-7]{16}$/;

/** 16 characters of base32 (no padding): safe in a URL, easy to read off paper, not guessable. */
export function newVerificationCode(): string {
  const bytes = crypto.randomBytes(CODE_BYTES);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** The student's verification code, made the first time it is needed. */
export async function verificationCodeOf(studentId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await VerificationCodeModel.findOne({ studentId }).select({ _id: 1 }).lean();
    if (existing) return existing._id;
    try {
      const created = await VerificationCodeModel.create({
        _id: newVerificationCode(),
        studentId,
        createdAt: new Date(),
      });
      return created._id;
    } catch (err) {
      // Another request made the student's code first (or, vanishingly rarely, the code was taken): read again.
      if (!isDuplicateKey(err)) throw err;
    }
  }
  throw new Error('No verification code could be made');
}

export const verificationUrl = (code: string) => `${logbookConfig().PUBLIC_ORIGIN}/verify/${code}`;

/** 'Alex Lee' → 'A. L.': enough for whoever holds the paper log book to match it, and nothing more. */
export function initialsOf(firstName: unknown, lastName: unknown): string {
  const initial = (name: unknown) => {
    const first = typeof name === 'string' ? [...name.trim()][0] : undefined;
    return first && /\p{L}/u.test(first) ? `${first.toLocaleUpperCase('en-AU')}.` : '';
  };
  return [initial(firstName), initial(lastName)].filter(Boolean).join(' ');
}

export interface VerificationAnswer extends Omit<ChainReport, 'brokenAt'> {
  initials: string;
  checkedAt: string;
  brokenAt?: NonNullable<ChainReport['brokenAt']>;
}

async function verificationOfStudent(student: { _id: number; firstName?: unknown; lastName?: unknown }) {
  const report = await checkChain(student._id);
  const answer: VerificationAnswer = {
    intact: report.intact,
    initials: initialsOf(student.firstName, student.lastName),
    sessionCount: report.sessionCount,
    totalHours: report.totalHours,
    dayHours: report.dayHours,
    nightHours: report.nightHours,
    checkedAt: new Date().toISOString(),
  };
  if (report.brokenAt) answer.brokenAt = report.brokenAt;
  return answer;
}

/** What anyone holding the code may know: initials, counts, hours and whether the log is intact. */
export async function verifyByCode(raw: string): Promise<VerificationAnswer> {
  const code = raw.trim().toUpperCase();
  if (!CODE_RE.test(code)) throw notFound(API_ERRORS.verificationNotFound);
  const found = await VerificationCodeModel.findById(code).select({ studentId: 1 }).lean();
  if (!found) throw notFound(API_ERRORS.verificationNotFound);
  const student = await StudentRecordModel.findById(found.studentId).select({ firstName: 1, lastName: 1 }).lean();
  if (!student) throw notFound(API_ERRORS.verificationNotFound);
  return verificationOfStudent(student);
}

/** The same check for the student's own screens, with the code and link to share. */
export async function verificationFor(callers: Callers, studentId: number) {
  const student = await findAccessibleStudent(callers, studentId);
  const code = await verificationCodeOf(student._id);
  return { code, url: verificationUrl(code), ...(await verificationOfStudent(student)) };
}
