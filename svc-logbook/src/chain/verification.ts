import crypto from 'node:crypto';
import type { Callers } from '@logbook/service-kit/auth';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { notFound } from '@logbook/service-kit/errors';
import { API_ERRORS } from '@logbook/contracts/messages';
import type { OwnVerification, VerificationAnswer } from '@logbook/contracts/responses';
import { logbookConfig } from '../config';
import { StudentRecordModel } from '../students/model';
import { findAccessibleStudent } from '../students/students';
import { listVersion } from '../sessions/list-cache';
import { checkChain, ensureChain, type ChainReport } from './chain';
import { VerificationCodeModel } from './model';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const CODE_RE = /^[A-Z2-7]{16}$/;

/** 16 characters of base32 (80 random bits): safe in a URL, easy to read off paper, not guessable. */
const newVerificationCode = () => Array.from(crypto.randomBytes(16), (byte) => BASE32[byte & 31]).join('');

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

export const verificationUrl = (code: string, origin: string) => `${origin}/verify/${code}`;

/** 'Alex Lee' → 'A. L.': enough for whoever holds the paper log book to match it, and nothing more. */
function initialsOf(firstName: unknown, lastName: unknown): string {
  const initial = (name: unknown) => {
    const first = typeof name === 'string' ? [...name.trim()][0] : undefined;
    return first && /\p{L}/u.test(first) ? `${first.toLocaleUpperCase('en-AU')}.` : '';
  };
  return [initial(firstName), initial(lastName)].filter(Boolean).join(' ');
}

type NamedStudent = { _id: number; firstName?: unknown; lastName?: unknown };

/** A check of the chain, and when it ran. */
type CheckedChain = ChainReport & { checkedAt: string };

function answerOf(student: NamedStudent, check: CheckedChain): VerificationAnswer {
  const answer: VerificationAnswer = {
    intact: check.intact,
    initials: initialsOf(student.firstName, student.lastName),
    sessionCount: check.sessionCount,
    totalHours: check.totalHours,
    dayHours: check.dayHours,
    nightHours: check.nightHours,
    correctionCount: check.correctionCount,
    removalCount: check.removalCount,
    checkedAt: check.checkedAt,
  };
  if (check.brokenAt) answer.brokenAt = check.brokenAt;
  return answer;
}

async function checkedNow(studentId: number): Promise<CheckedChain> {
  return { ...(await checkChain(studentId)), checkedAt: new Date().toISOString() };
}

/**
 * Anonymous checks are answered from the last check of the same chain head (every session logged moves it), so asking
 * again, or many times at once, re-reads and re-hashes nothing. A change made behind the service's back leaves the head
 * where it was: the answer is checked again once it is VERIFY_REUSE_MS old, and says when it was checked.
 */
/** Bounds the memory held: a report is a few hundred bytes. */
const MAX_PUBLIC_CHECKS = 10_000;

interface PublicCheck {
  version: string;
  startedAt: number;
  result: Promise<CheckedChain>;
}
const publicChecks = new Map<number, PublicCheck>();

// One anonymous check runs at a time, whichever codes are asked for: however many arrive, they take no more of the
// service from the families' own requests than a single check does.
let publicQueue: Promise<unknown> = Promise.resolve();
function onePublicCheckAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = publicQueue.then(work, work);
  publicQueue = run.catch(() => undefined);
  return run;
}

async function publicCheckOf(studentId: number): Promise<CheckedChain> {
  let version = await listVersion(studentId);
  if (version === null) {
    // Sessions logged before the chain existed are sealed first, so the check has a head to be kept against. Sealing
    // is work like a check: it waits its turn with them.
    await onePublicCheckAtATime(() => ensureChain(studentId));
    version = await listVersion(studentId);
    if (version === null) return onePublicCheckAtATime(() => checkedNow(studentId));
  }
  const now = Date.now();
  const held = publicChecks.get(studentId);
  if (held && held.version === version && now - held.startedAt < logbookConfig().VERIFY_REUSE_MS) return held.result;
  const entry: PublicCheck = { version, startedAt: now, result: onePublicCheckAtATime(() => checkedNow(studentId)) };
  publicChecks.delete(studentId);
  publicChecks.set(studentId, entry);
  if (publicChecks.size > MAX_PUBLIC_CHECKS) publicChecks.delete(publicChecks.keys().next().value!);
  // A failed check is not kept: the next request tries again.
  entry.result.catch(() => {
    if (publicChecks.get(studentId) === entry) publicChecks.delete(studentId);
  });
  return entry.result;
}

/** What anyone holding the code may know: initials, counts, hours and whether the log is intact. */
export async function verifyByCode(raw: string): Promise<VerificationAnswer> {
  const code = raw.trim().toUpperCase();
  if (!CODE_RE.test(code)) throw notFound(API_ERRORS.verificationNotFound);
  const found = await VerificationCodeModel.findById(code).select({ studentId: 1 }).lean();
  if (!found) throw notFound(API_ERRORS.verificationNotFound);
  const student = await StudentRecordModel.findById(found.studentId).select({ firstName: 1, lastName: 1 }).lean();
  if (!student) throw notFound(API_ERRORS.verificationNotFound);
  return answerOf(student, await publicCheckOf(student._id));
}

/** The same check for the student's own screens, always made afresh, with the code and link to share. */
export async function verificationFor(callers: Callers, studentId: number, origin: string): Promise<OwnVerification> {
  const student = await findAccessibleStudent(callers, studentId);
  const code = await verificationCodeOf(student._id);
  return { code, url: verificationUrl(code, origin), ...answerOf(student, await checkedNow(student._id)) };
}
