import crypto from 'node:crypto';
import type { Callers } from '@logbook/service-kit/auth';
import { logger } from '@logbook/service-kit/logger';
import { updateIfMatches } from '@logbook/service-kit/guarded';
import { nextId } from '@logbook/service-kit/counters';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { badRequest, conflict, forbidden, notFound } from '@logbook/service-kit/errors';
import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import { SIGN_OFF_MESSAGES } from '@logbook/contracts/sign-off';
import { calculateDuration, hoursFromDuration, roundToTenth } from '@logbook/contracts/duration';
import { computeProgress, type Progress, type ProgressSession } from '@logbook/contracts/progress';
import { countedCourses, courseCreditsOf, type CompletedCourse } from '@logbook/contracts/course-credits';
import { todayIso } from '@logbook/contracts/state-rules';
import { latestSessionDateISO } from '@logbook/contracts/dates';
import { exactly } from '@logbook/contracts/responses';
import { learnerShortName } from '@logbook/contracts/internal-api';
import type { ProgressSummary } from '@logbook/contracts/progress-summary';
import type { StateCode } from '@logbook/contracts/state-codes';
import {
  sessionDateProblem,
  type DrivingSession,
  type DrivingSessionData,
  type SessionListQuery,
} from '@logbook/contracts/schemas';
import { findAccessibleStudent, hasActiveSubscription, openingBalanceOf } from '../students/students';
import type { OpeningBalance, StudentRecord } from '../students/model';
import { familyRulesOf, logbookRuleVersions, targetsOfLearner, vehicleRecordedFor } from '../settings/settings';
import { ensureChain, recordHead } from '../chain/chain';
import { linkSession, type ChainLink } from '../chain/link';
import { supervisorUsed } from '../supervisors/supervisors';
import { vehicleUsed } from '../vehicles/vehicles';
import {
  listProjection,
  sentFieldsOf,
  sessionView,
  storedFields,
  type ServerSetFields,
  type StoredDoc,
} from './fields';
import { DrivingSessionModel, IN_FORCE, type DrivingSessionRecord } from './model';
import { cancelLinks, countRequest, sendLink } from '../sign-off/links';
import { signatureForPrint } from './signature';
import { timed } from './post-timing';
import { signaturesIdOf, storeSignatures, withSignatures } from './signatures';
import { forgetList, listGzip, listJson, listVersion, listView, recordChange, sessionsAtVersion } from './list-cache';

/** A driving session as the API answers it: the contract's type, built here without a parse (the list is hot). */
export type DrivingSessionView = DrivingSession;

const LIST_FIELDS = listProjection();
// Sessions logged before signatures were kept apart carry them inline.
const FIELDS_WITH_SIGNATURES = {
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

/** The duration the start and end give ('{n} hours'); a sent duration must agree with it. */
export function checkedDuration(startTime: string, endTime: string, sent: string): string {
  const duration = calculateDuration(startTime, endTime);
  if (!duration) throw badRequest(VALIDATION.sameStartAndEnd);
  if (sent.trim() !== duration) throw badRequest(VALIDATION.durationMismatch);
  return duration;
}

async function findByClientId(studentId: number, clientId: string) {
  const doc = await DrivingSessionModel.findOne({ studentId, clientId }).select(FIELDS_WITH_SIGNATURES).lean();
  return doc ? (await withSignatures([doc]))[0] : null;
}

type SessionAnswer = { session: DrivingSessionView; created: boolean };

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
  if (input.remoteSignOff) return storeAwaiting(student, input, duration, input.remoteSignOff.supervisorEmail);
  return storeSession(student, input, duration, {});
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
 * the chain (it counts nowhere until signed, when it is sealed), and the supervisor emailed a link. The request
 * counts against the family's and the address's limits before anything is stored.
 */
async function storeAwaiting(
  student: StudentRecord,
  input: DrivingSessionData,
  duration: string,
  supervisorEmail: string,
): Promise<SessionAnswer> {
  const { fields, supervisorId, studentSignaturePrint } = await checkedEntry(student, input, {
    studentId: student._id,
    duration,
  });
  await countRequest(student.userId, supervisorEmail);
  await ensureChain(student._id);
  const clientId = input.clientId ?? crypto.randomUUID();
  const id = await nextId('driving_sessions');
  try {
    await DrivingSessionModel.create({
      _id: id,
      ...fields,
      ...(supervisorId !== undefined ? { supervisorId } : {}),
      studentSignature: input.studentSignature,
      studentSignaturePrint: studentSignaturePrint.toString('base64'),
      clientId,
      status: 'awaiting',
      signOff: { status: 'awaiting', supervisorEmail },
      unsealed: true,
      createdAt: new Date(),
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

interface CorrectionLink {
  /** The entry the new session corrects (sealed into its hash). */
  correctionOf?: number;
  /** Run once the new session is stored, before its link is recorded (marks the corrected entry). */
  afterStore?: (id: number) => Promise<void>;
  /** The supervisor's signing on their own phone: sealed with the entry's own fields. */
  remote?: RemoteSigning;
}

/**
 * Where the family's state's log book records the car on every drive (Queensland's), an entry without it is refused:
 * under the rule in force on the drive's date, so a drive from before such a rule is kept as it was logged.
 */
async function vehicleDetailsKept(userId: number, input: DrivingSessionData): Promise<void> {
  const recorded = await vehicleRecordedFor(userId, input.date);
  if (recorded.registration && !input.vehicleRegistration?.trim()) {
    throw badRequest(VALIDATION.vehicleRegistrationRequired);
  }
  if (recorded.odometer && typeof input.odometerStart !== 'number') throw badRequest(VALIDATION.odometerStartRequired);
  if (recorded.odometer && typeof input.odometerEnd !== 'number') throw badRequest(VALIDATION.odometerEndRequired);
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
async function checkedEntry(student: StudentRecord, input: DrivingSessionData, setByServer: ServerSetFields) {
  if (!hasActiveSubscription(student)) throw forbidden(API_ERRORS.subscriptionRequired);
  // Adelaide's today is the limit, or the driver's own today when their device named its zone and it is later there.
  // The zone serves this check only: it is neither stored nor sealed into the chain.
  const today = latestSessionDateISO(input.timeZone);
  const dateProblem = sessionDateProblem(input.date, { today, dateOfBirth: student.dateOfBirth });
  if (dateProblem) throw badRequest(dateProblem);
  const { odometerStart, odometerEnd } = input;
  if (typeof odometerStart === 'number' && typeof odometerEnd === 'number' && odometerEnd < odometerStart) {
    throw badRequest(VALIDATION.odometerEndBeforeStart);
  }
  await vehicleDetailsKept(student.userId, input);
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
async function storeSession(
  student: StudentRecord,
  input: DrivingSessionData,
  duration: string,
  link: CorrectionLink,
): Promise<SessionAnswer> {
  const entry = await validatedSignedEntry(student, input, duration, link);
  // The signatures are stored first: a session is only ever stored (and so only ever acknowledged, even to a retry
  // after a crash) once its signatures are. A crash in between leaves a record the retry finds already there.
  await persistSignatures(student, entry);
  return linkIntoChain(student, input, entry, link);
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

/** Persist: the entry's signatures and their printable copies, under the id the entry will name. */
async function persistSignatures(student: StudentRecord, entry: SignedEntry): Promise<void> {
  await timed('db-signatures', () =>
    storeSignatures({
      _id: entry.signaturesId,
      studentId: student._id,
      ...entry.signatures,
      studentSignaturePrint: entry.prints.student.toString('base64'),
      supervisorSignaturePrint: entry.prints.supervisor.toString('base64'),
    }),
  );
}

/** Link: the entry appended to the student's chain, stored under its hash, or the answer already given for it. */
function linkIntoChain(
  student: StudentRecord,
  input: DrivingSessionData,
  entry: SignedEntry,
  link: CorrectionLink,
): Promise<SessionAnswer> {
  return linkSession<SessionAnswer>(
    student._id,
    { ...entry.fields, ...entry.signatures },
    {
      store: (chained) => storeLinkedEntry(student, input, entry, link, chained),
      alreadyStored: () => answerAlreadyStored(student, entry, link),
    },
  );
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
  const doc = await timed('db-session', () =>
    DrivingSessionModel.create({
      _id: id,
      ...fields,
      ...(supervisorId !== undefined ? { supervisorId } : {}),
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

/**
 * Put an entry right: the corrected session, signed again, is appended to the chain (sealing which entry it
 * corrects) and the original is marked superseded, outside its hash, so the chain still verifies.
 */
export async function correctSession(
  callers: Callers,
  id: number,
  input: DrivingSessionData & { reason: string },
): Promise<SessionAnswer> {
  const { entry, student } = await changeableEntry(callers, id);
  if (input.studentId !== entry.studentId) throw badRequest(API_ERRORS.correctionSameStudent);
  const duration = checkedDuration(input.startTime, input.endTime, input.duration);
  if (input.clientId) {
    // The same correction sent again (the outbox retrying): answered with the correction already made.
    const existing = await findByClientId(student._id, input.clientId);
    if (existing?.correctionOf === id) return { session: toView(existing, true), created: false };
    if (existing) throw conflict(API_ERRORS.sessionNotInForce);
  }
  if (entry.status && entry.status !== 'awaiting') throw conflict(API_ERRORS.sessionNotInForce);
  if (!input.supervisorSignature) throw badRequest(VALIDATION.supervisorSignatureRequired);
  await ensureChain(student._id);
  const changedAt = new Date();
  const awaiting = entry.status === 'awaiting';
  // Claimed first, so a removal or another correction (or the supervisor signing) at the same moment finds it no
  // longer in force. An entry still awaiting its supervisor's signature is put right the same way, and its link ends.
  const claimed = await updateIfMatches(
    DrivingSessionModel,
    awaiting ? { _id: id, status: 'awaiting' } : { _id: id, ...IN_FORCE },
    {
      $set: {
        status: 'superseded',
        changeReason: input.reason,
        changedAt,
        ...(awaiting ? { 'signOff.status': 'cancelled' } : {}),
      },
    },
  );
  if (!claimed) throw conflict(API_ERRORS.sessionNotInForce);
  if (awaiting) await cancelLinks(id);
  try {
    const answer = await storeSession(student, input, duration, {
      correctionOf: id,
      afterStore: async (newId) => {
        await DrivingSessionModel.updateOne({ _id: id }, { $set: { supersededBy: newId } });
      },
    });
    await recordChange(student._id);
    return answer;
  } catch (err) {
    // Nothing replaced it: the entry is in force again (or awaiting again: its supervisor may be sent a new link).
    await DrivingSessionModel.updateOne(
      { _id: id, status: 'superseded', supersededBy: { $exists: false } },
      awaiting
        ? { $set: { status: 'awaiting', 'signOff.status': 'awaiting' }, $unset: { changeReason: 1, changedAt: 1 } }
        : { $unset: { status: 1, changeReason: 1, changedAt: 1 } },
    );
    await recordChange(student._id);
    throw err;
  }
}

/** Mark an entry removed, with the reason: it stays in the chain (and the PDF, struck through) but counts no more. */
export async function removeSession(callers: Callers, id: number, reason: string): Promise<DrivingSessionView> {
  const { entry, student } = await changeableEntry(callers, id);
  if (entry.status && entry.status !== 'awaiting') throw conflict(API_ERRORS.sessionNotInForce);
  await ensureChain(student._id);
  const awaiting = entry.status === 'awaiting';
  const won = await updateIfMatches(
    DrivingSessionModel,
    awaiting ? { _id: id, status: 'awaiting' } : { _id: id, ...IN_FORCE },
    {
      $set: {
        status: 'removed',
        changeReason: reason,
        changedAt: new Date(),
        ...(awaiting ? { 'signOff.status': 'cancelled' } : {}),
      },
    },
  );
  if (!won) throw conflict(API_ERRORS.sessionNotInForce);
  if (awaiting) await cancelLinks(id);
  await recordChange(student._id);
  const removed = await DrivingSessionModel.findById(id).select(LIST_FIELDS).lean();
  return toView(removed!, false);
}

/** Every entry of the student (superseded and removed ones too), newest first, without signatures: from memory while the log is unchanged. */
async function allSessions(studentId: number, version: string | null) {
  return sessionsAtVersion(studentId, version, async () => {
    const docs = await DrivingSessionModel.find({ studentId })
      .select(LIST_FIELDS)
      .sort({ date: -1, startTime: -1, _id: -1 })
      .lean();
    return docs.map((doc) => toView(doc, false));
  });
}

/** The student (if these callers may see them) and the version of their log, read side by side. */
async function studentAndVersion(callers: Callers, studentId: number) {
  const [student, version] = await Promise.all([findAccessibleStudent(callers, studentId), listVersion(studentId)]);
  return { student, version };
}

/** A list answer ready to send: JSON, or the same JSON gzipped when the caller takes gzip. */
export interface ListAnswer {
  body: Buffer;
  gzipped: boolean;
}

const plain = (value: DrivingSession[]): ListAnswer => ({ body: Buffer.from(JSON.stringify(value)), gzipped: false });

const inForce = (s: DrivingSessionView) => s.status === 'in_force';
const everyEntry = () => true;

/** The entries in force (what every total counts) from the cached list. */
async function sessionsInForce(studentId: number, version: string | null): Promise<DrivingSessionView[]> {
  return listView(await allSessions(studentId, version), 'in_force', inForce).sessions;
}

/** The sessions of a student (the whole list is made, and gzipped, once per change of the log). */
export async function listSessionsAnswer(
  callers: Callers,
  studentId: number,
  query: SessionListQuery,
  takesGzip: boolean,
): Promise<ListAnswer> {
  if (query.fromDate && query.toDate && query.fromDate > query.toDate) throw badRequest(VALIDATION.dateRangeInvalid);
  if (query.include === 'signatures') {
    const student = await findAccessibleStudent(callers, studentId);
    const docs = await DrivingSessionModel.find({ ...sessionFilter(student._id, query), ...IN_FORCE })
      .select(FIELDS_WITH_SIGNATURES)
      .sort({ date: -1, startTime: -1, _id: -1 })
      .lean();
    return plain((await withSignatures(docs)).map((doc) => toView(doc, true)));
  }
  const { student, version } = await studentAndVersion(callers, studentId);
  const all = await allSessions(student._id, version);
  const view = query.include === 'history' ? listView(all, 'history', everyEntry) : listView(all, 'in_force', inForce);
  if (!query.fromDate && !query.toDate && !query.timeOfDay) {
    return takesGzip ? { body: listGzip(view), gzipped: true } : { body: listJson(view), gzipped: false };
  }
  // The same rules as the database query would apply (dates and times compare as text).
  const chosen = view.sessions.filter(
    (s) =>
      (!query.fromDate || s.date >= query.fromDate) &&
      (!query.toDate || s.date <= query.toDate) &&
      (!query.timeOfDay || s.timeOfDay === query.timeOfDay),
  );
  return plain(chosen);
}

function sessionFilter(studentId: number, query: SessionListQuery): Record<string, unknown> {
  const filter: Record<string, unknown> = { studentId };
  if (query.fromDate || query.toDate) {
    filter.date = {
      ...(query.fromDate ? { $gte: query.fromDate } : {}),
      ...(query.toDate ? { $lte: query.toDate } : {}),
    };
  }
  if (query.timeOfDay) filter.timeOfDay = query.timeOfDay;
  return filter;
}

export interface StudentSummary extends Progress {
  openingBalance: Required<OpeningBalance> | null;
  /** The family's state, whose rule the figures follow. */
  state: StateCode;
}

type SummaryStudent = {
  _id: number;
  userId: number;
  dateOfBirth?: string | null;
  permitDate?: string | null;
  courses?: ReadonlyArray<CompletedCourse> | null;
  openingBalance?: OpeningBalance | null;
};

/**
 * Progress of one student against their family's targets, counting the entries in force and the bonus of the
 * family's state for instructor lessons: the numbers the screens and the PDF both show.
 */
export async function progressOf(
  student: SummaryStudent,
  read: () => Promise<ReadonlyArray<ProgressSession>> = () =>
    DrivingSessionModel.find({ studentId: student._id, ...IN_FORCE })
      .select({ duration: 1, timeOfDay: 1, supervisorIsInstructor: 1, date: 1, startTime: 1 })
      .lean(),
): Promise<StudentSummary> {
  const [rules, sessions] = await Promise.all([familyRulesOf(student.userId), read()]);
  const openingBalance = openingBalanceOf(student);
  const courses = courseCreditsOf({
    state: rules.state,
    courses: student.courses,
    dateOfBirth: student.dateOfBirth,
    permitDate: student.permitDate,
    sessions,
    today: todayIso(),
    versions: logbookRuleVersions(),
  });
  const progress = computeProgress(
    sessions,
    targetsOfLearner(rules, student),
    { dayHours: openingBalance?.dayHours ?? 0, nightHours: openingBalance?.nightHours ?? 0 },
    rules.bonusRuleOn,
    countedCourses(courses),
  );
  return { ...progress, openingBalance, state: rules.state };
}

export async function summaryOf(callers: Callers, studentId: number): Promise<ProgressSummary> {
  const { student, version } = await studentAndVersion(callers, studentId);
  const summary = await progressOf(student, () => sessionsInForce(student._id, version));
  // Listed apart, never counted: the entries whose supervisor has not signed yet.
  const awaiting = (await allSessions(student._id, version)).sessions.filter((s) => s.status === 'awaiting');
  const awaitingHours = roundToTenth(awaiting.reduce((sum, s) => sum + hoursFromDuration(s.duration), 0));
  return exactly<ProgressSummary>()({
    ...summary,
    awaitingSignature: { sessionCount: awaiting.length, hours: awaitingHours },
  });
}

/**
 * The supervisor signed on their own phone: the entry is stored again with their signature, sealed into the chain
 * with the time and "signed remotely" (the unsealed copy that awaited goes), and counts from now on.
 */
export async function sealRemoteSignature(
  awaiting: DrivingSessionRecord,
  student: StudentRecord,
  signing: {
    supervisorName: string;
    supervisorLicenseNumber: string;
    supervisorSignature: string;
    remote: RemoteSigning;
  },
): Promise<DrivingSessionView> {
  // The awaiting copy gives its client id up, so an outbox retrying the first request finds the signed entry.
  const parked = `${awaiting.clientId}:awaited:${awaiting._id}`;
  const moved = await updateIfMatches(
    DrivingSessionModel,
    { _id: awaiting._id, status: 'awaiting' },
    { $set: { clientId: parked, 'signOff.status': 'signed' } },
  );
  if (!moved) throw conflict(SIGN_OFF_MESSAGES.notAwaiting);
  const input = {
    ...sentFieldsOf(awaiting),
    studentId: student._id,
    duration: awaiting.duration,
    studentSignature: awaiting.studentSignature!,
    supervisorName: signing.supervisorName,
    supervisorLicenseNumber: signing.supervisorLicenseNumber,
    supervisorSignature: signing.supervisorSignature,
    clientId: awaiting.clientId,
  } as DrivingSessionData;
  try {
    const { session } = await storeSession(student, input, awaiting.duration, {
      ...(typeof awaiting.correctionOf === 'number' ? { correctionOf: awaiting.correctionOf } : {}),
      remote: signing.remote,
    });
    await DrivingSessionModel.deleteOne({ _id: awaiting._id, clientId: parked });
    await recordChange(student._id);
    return session;
  } catch (err) {
    await DrivingSessionModel.updateOne(
      { _id: awaiting._id, clientId: parked },
      { $set: { clientId: awaiting.clientId, 'signOff.status': 'awaiting' } },
    );
    throw err;
  }
}

/** The student, their progress and every entry in force (newest first, no signatures), for the insights panel. */
export async function sessionsAndProgress(callers: Callers, studentId: number) {
  const { student, version } = await studentAndVersion(callers, studentId);
  const sessions = await sessionsInForce(student._id, version);
  return { student, sessions, progress: await progressOf(student, async () => sessions) };
}
