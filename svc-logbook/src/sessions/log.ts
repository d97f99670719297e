import crypto from 'node:crypto';
import type { Callers } from '@logbook/service-kit/auth';
import { nextId } from '@logbook/service-kit/counters';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { badRequest } from '@logbook/service-kit/errors';
import { VALIDATION } from '@logbook/contracts/messages';
import { SIGN_OFF_MESSAGES } from '@logbook/contracts/sign-off';
import { learnerShortName } from '@logbook/contracts/internal-api';
import type { DrivingSessionData } from '@logbook/contracts/schemas';
import { findAccessibleStudent } from '../students/students';
import type { StudentRecord } from '../students/model';
import { ensureChain, recordHead } from '../chain/chain';
import { oneAtATime } from '../chain/link';
import { countRequest, sendLink } from '../sign-off/links';
import { DrivingSessionModel } from './model';
import { timed } from './post-timing';
import { recordChange } from './list-cache';
import { findByClientId, toView } from './read';
import { refuseOverlap } from './overlap';
import { loggingGuardian, type LoggedBy } from './logged-by';
import { checkedDuration, checkedEntry, storeSession, type SessionAnswer } from './store';

/**
 * Log a session for a student the callers may see. A repeated clientId (an offline outbox retrying) answers the
 * session already logged and logs nothing: `created` tells which happened.
 */
export async function logSession(callers: Callers, input: DrivingSessionData): Promise<SessionAnswer> {
  signedOrAsked(input);
  const duration = checkedDuration(input.startTime, input.endTime, input.duration);
  const student = await timed('student', () => findAccessibleStudent(callers, input.studentId));
  if (input.clientId) {
    const existing = await timed('student', () => findByClientId(student._id, input.clientId!));
    if (existing) {
      // A retry after the first answer failed: make sure the head that answer could not record is recorded now.
      if (existing.hash) await recordHead(student._id, existing._id, existing.hash);
      // The supervisor's email could not be queued the first time: it is sent now.
      if (existing.status === 'awaiting' && existing.signOff && !existing.signOff.mailedAt) {
        await mailSupervisor(student, existing, existing.signOff.supervisorEmail);
        return { session: toView((await findByClientId(student._id, input.clientId))!, true), created: false };
      }
      return { session: toView(existing, true), created: false };
    }
  }
  const loggedBy = await timed('guardian', () => loggingGuardian(callers, student));
  if (input.remoteSignOff) {
    return storeAwaiting(student, input, duration, input.remoteSignOff.supervisorEmail, loggedBy);
  }
  return storeSession(student, input, duration, loggedBy ? { loggedBy } : {});
}

/** The supervisor signs beside the learner, or is asked to sign on their own phone: one of the two, never both. */
function signedOrAsked(input: DrivingSessionData): asserts input is DrivingSessionData {
  if (input.remoteSignOff && input.supervisorSignature) throw badRequest(SIGN_OFF_MESSAGES.signatureOrRemote);
  if (!input.remoteSignOff && !input.supervisorSignature) throw badRequest(VALIDATION.supervisorSignatureRequired);
}

/** A link for the awaiting entry is emailed to the supervisor, and the entry notes when. */
async function mailSupervisor(student: StudentRecord, entry: { _id: number; date?: string }, email: string) {
  await sendLink({
    sessionId: entry._id,
    studentId: student._id,
    userId: student.userId,
    supervisorEmail: email,
    learner: learnerShortName(student),
    date: entry.date ?? '',
  });
  await DrivingSessionModel.updateOne(
    { _id: entry._id, status: 'awaiting' },
    { $set: { 'signOff.mailedAt': new Date(), 'signOff.supervisorEmail': email } },
  );
  await recordChange(student._id);
}

/**
 * An entry whose supervisor signs on their own phone: stored with the learner's signature, awaiting theirs, outside
 * the chain (it counts nowhere until signed, when it is sealed), and the supervisor emailed a link. Like an entry
 * linked into the chain, it is checked against the learner's other drives one at a time with them; the request then
 * counts against the family's and the address's limits before anything is stored.
 */
async function storeAwaiting(
  student: StudentRecord,
  input: DrivingSessionData,
  duration: string,
  supervisorEmail: string,
  loggedBy: LoggedBy | undefined,
): Promise<SessionAnswer> {
  const { fields, supervisorId, studentSignaturePrint } = await checkedEntry(student, input, {
    studentId: student._id,
    duration,
    ...(loggedBy ? { loggedBy: loggedBy.email } : {}),
  });
  await ensureChain(student._id);
  const clientId = input.clientId ?? crypto.randomUUID();
  const id = await nextId('driving_sessions');
  try {
    await oneAtATime(student._id, async () => {
      await refuseOverlap(student._id, { ...fields, clientId });
      await countRequest(student.userId, supervisorEmail);
      await DrivingSessionModel.create({
        _id: id,
        ...fields,
        ...(supervisorId !== undefined ? { supervisorId } : {}),
        ...(loggedBy ? { loggedById: loggedBy.guardianId } : {}),
        studentSignature: input.studentSignature,
        studentSignaturePrint: studentSignaturePrint.toString('base64'),
        clientId,
        status: 'awaiting',
        signOff: { status: 'awaiting', supervisorEmail },
        unsealed: true,
        createdAt: new Date(),
      });
    });
  } catch (err) {
    // The same submission twice at once: the other one stored it.
    const existing = isDuplicateKey(err) ? await findByClientId(student._id, clientId) : null;
    if (existing) return { session: toView(existing, true), created: false };
    throw err;
  }
  await recordChange(student._id);
  await mailSupervisor(student, { _id: id, date: fields.date }, supervisorEmail);
  const stored = await findByClientId(student._id, clientId);
  return { session: toView(stored!, true), created: true };
}
