import crypto from 'node:crypto';
import { logger } from '@logbook/service-kit/logger';
import { badRequest, conflict, forbidden } from '@logbook/service-kit/errors';
import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import { calculateDuration } from '@logbook/contracts/duration';
import { latestSessionDateISO } from '@logbook/contracts/dates';
import type { DrivingSessionData } from '@logbook/contracts/schemas';
import { sessionDateProblem, vehicleProblems } from '@logbook/contracts/session-form-checks';
import { hasActiveSubscription } from '../students/students';
import type { StudentRecord } from '../students/model';
import { vehicleRecordedFor } from '../settings/settings';
import { recordHead } from '../chain/chain';
import { linkSession, type ChainLink } from '../chain/link';
import { supervisorUsed } from '../supervisors/supervisors';
import { vehicleUsed } from '../vehicles/vehicles';
import { storedFields, type ServerSetFields } from './fields';
import type { LoggedBy } from './logged-by';
import { DrivingSessionModel } from './model';
import { refuseOverlap } from './overlap';
import { signatureForPrint } from './signature';
import { timed } from './post-timing';
import { signaturesIdOf, storeSignatures } from './signatures';
import { forgetList } from './list-cache';
import { findByClientId, toView, type DrivingSessionView } from './read';

/*
 * Writing an entry, whichever way it comes (logged, a correction, a supervisor's remote seal): the checks every entry
 * passes, its fields as the registry keeps them, its signatures stored first, then the entry linked into the chain.
 */

export type SessionAnswer = { session: DrivingSessionView; created: boolean };

/** The duration the start and end give ('{n} hours'); a sent duration must agree with it. */
export function checkedDuration(startTime: string, endTime: string, sent: string): string {
  const duration = calculateDuration(startTime, endTime);
  if (!duration) throw badRequest(VALIDATION.sameStartAndEnd);
  if (sent.trim() !== duration) throw badRequest(VALIDATION.durationMismatch);
  return duration;
}

export interface CorrectionLink {
  /** The entry the new session corrects (sealed into its hash). */
  correctionOf?: number;
  /** Run once the new session is stored, before its link is recorded (marks the corrected entry). */
  afterStore?: (id: number) => Promise<void>;
  /** The supervisor's signing on their own phone: sealed with the entry's own fields. */
  remote?: RemoteSigning;
  /** The guardian who logged the entry (their email sealed with it); none when a student logged it. */
  loggedBy?: LoggedBy;
}

/** What a supervisor signing on their own phone adds to the entry (sealed), and its record (outside the hash). */
export interface RemoteSigning {
  sealed: {
    signedAt: string;
    signedRemotely: true;
    supervisorLicenceState: string;
    supervisorFullLicenceYear: number;
    supervisorRuleNotMet?: true;
  };
  signOff: { status: 'signed'; supervisorEmail: string; signedAt: Date };
}

/** The checks every new entry passes, its supervisor noted, and its fields as they are stored. */
export async function checkedEntry(student: StudentRecord, input: DrivingSessionData, setByServer: ServerSetFields) {
  if (!hasActiveSubscription(student)) throw forbidden(API_ERRORS.subscriptionRequired);
  // Adelaide's today is the limit, or the driver's own today when their device named its zone and it is later there.
  // The zone serves this check only: it is neither stored nor sealed into the chain.
  const today = latestSessionDateISO(input.timeZone);
  const dateProblem = sessionDateProblem(input.date, { today, dateOfBirth: student.dateOfBirth });
  if (dateProblem) throw badRequest(dateProblem);
  // The car as the family's state's log book records it under the rule in force on the drive's date (a drive from
  // before such a rule is kept as it was logged), its odometer's end never below its start.
  const vehicleProblem = Object.values(vehicleProblems(input, await vehicleRecordedFor(student.userId, input.date)))[0];
  if (vehicleProblem) throw badRequest(vehicleProblem);
  // Decoding the images is the costly part of a session: only for a caller who may log one for this student.
  const studentSignaturePrint = await timed('signatures', () => signatureForPrint(input.studentSignature));
  // A saved supervisor picked that is not the family's is refused here, before anything is stored.
  const supervisor = await timed('supervisor', () =>
    supervisorUsed(student.userId, input, {
      remember: input.rememberSupervisor === true,
      isInstructor: input.supervisorIsInstructor ?? false,
      at: new Date(),
    }),
  );
  const supervisorId = supervisor.id;
  // Said on the form, else as saved for the supervisor picked.
  const supervisorIsInstructor = input.supervisorIsInstructor ?? supervisor.isInstructor ?? false;
  const fields = storedFields({ ...input, supervisorIsInstructor }, setByServer);
  return { fields, supervisorId, studentSignaturePrint };
}

/** The checks every new entry passes, its supervisor noted, its signatures stored, and the entry linked into the chain. */
export async function storeSession(
  student: StudentRecord,
  input: DrivingSessionData,
  duration: string,
  link: CorrectionLink,
): Promise<SessionAnswer> {
  const entry = await validatedSignedEntry(student, input, duration, link);
  // The signatures are stored first: a session is only ever stored (and so only ever acknowledged, even to a retry
  // after a crash) once its signatures are. A crash in between leaves a record the retry finds already there.
  await timed('db-signatures', () =>
    storeSignatures({
      _id: entry.signaturesId,
      studentId: student._id,
      ...entry.signatures,
      studentSignaturePrint: entry.prints.student.toString('base64'),
      supervisorSignaturePrint: entry.prints.supervisor.toString('base64'),
    }),
  );
  // Linked: the entry appended to the student's chain, stored under its hash, or the answer already given for it.
  return linkSession<SessionAnswer>(
    student._id,
    { ...entry.fields, ...entry.signatures },
    {
      store: (chained) => storeLinkedEntry(student, input, entry, link, chained),
      alreadyStored: () => answerAlreadyStored(student, entry, link),
    },
  );
}

type SignedEntry = Awaited<ReturnType<typeof validatedSignedEntry>>;

/**
 * Validate: the checks every new entry passes, both signatures readable, and the entry as it is sealed (with the entry
 * it corrects, and a remote supervisor's signing), under the clientId that dedupes its retries.
 */
async function validatedSignedEntry(
  student: StudentRecord,
  input: DrivingSessionData,
  duration: string,
  link: CorrectionLink,
) {
  if (!input.supervisorSignature) throw badRequest(VALIDATION.supervisorSignatureRequired);
  const checked = await checkedEntry(student, input, {
    studentId: student._id,
    duration,
    ...(link.correctionOf !== undefined ? { correctionOf: link.correctionOf } : {}),
    ...(link.remote ? link.remote.sealed : {}),
    ...(link.loggedBy ? { loggedBy: link.loggedBy.email } : {}),
  });
  const supervisorSignaturePrint = await timed('signatures', () => signatureForPrint(input.supervisorSignature!));
  return {
    fields: checked.fields,
    supervisorId: checked.supervisorId,
    signatures: { studentSignature: input.studentSignature, supervisorSignature: input.supervisorSignature },
    prints: { student: checked.studentSignaturePrint, supervisor: supervisorSignaturePrint },
    signaturesId: signaturesIdOf(student._id, input.studentSignature, input.supervisorSignature),
    clientId: input.clientId ?? crypto.randomUUID(),
  };
}

/** The entry stored at its place in the chain, what it changes done, and the chain's head recorded. */
async function storeLinkedEntry(
  student: StudentRecord,
  input: DrivingSessionData,
  entry: SignedEntry,
  link: CorrectionLink,
  { id, previousHash, hash }: ChainLink,
): Promise<SessionAnswer> {
  const { fields, supervisorId, signaturesId, clientId, signatures } = entry;
  // Checked here, where the learner's entries are stored one at a time. A supervisor's seal completes an entry that
  // was checked when it was asked for: it is not another drive.
  if (!link.remote) await refuseOverlap(student._id, { ...fields, clientId });
  const doc = await timed('db-session', () =>
    DrivingSessionModel.create({
      _id: id,
      ...fields,
      ...(supervisorId !== undefined ? { supervisorId } : {}),
      ...(link.loggedBy ? { loggedById: link.loggedBy.guardianId } : {}),
      signaturesId,
      clientId,
      ...(link.remote ? { signOff: link.remote.signOff } : {}),
      previousHash,
      hash,
      createdAt: new Date(),
    }),
  );
  if (link.afterStore) await link.afterStore(id);
  // The car is offered on the family's next session, with this drive's odometer reading.
  await vehicleUsed(student.userId, fields, doc.createdAt);
  // The session is stored and linked. Other instances see it once the head is recorded, so a failure here is
  // answered as one when the caller can retry under the same clientId (the retry records the head); without a
  // clientId a retry would log the session twice, so the next session's walk catches the head up instead.
  await timed('db-head', () => recordHead(student._id, id, hash)).catch((err: unknown) => {
    forgetList(student._id);
    logger.warn({ err, studentId: student._id }, 'the chain head could not be recorded');
    if (input.clientId) throw err;
  });
  return { session: toView({ ...doc.toObject(), ...signatures }, true), created: true };
}

/** The same submission arriving twice at once: the unique index lets one in, the other answers with it. */
async function answerAlreadyStored(
  student: StudentRecord,
  entry: SignedEntry,
  link: CorrectionLink,
): Promise<SessionAnswer | null> {
  const existing = await findByClientId(student._id, entry.clientId);
  if (existing) return { session: toView(existing, true), created: false };
  // Another correction of the same entry got there first.
  if (link.correctionOf !== undefined) {
    const other = await DrivingSessionModel.exists({ studentId: student._id, correctionOf: link.correctionOf });
    if (other) throw conflict(API_ERRORS.sessionNotInForce);
  }
  return null;
}
