import type { Callers } from '@logbook/service-kit/auth';
import { AppError, conflict } from '@logbook/service-kit/errors';
import { VALIDATION } from '@logbook/contracts/messages';
import { ruleOn, todayIso } from '@logbook/contracts/state-rules';
import { learnerShortName } from '@logbook/contracts/internal-api';
import { SIGN_OFF_MESSAGES, type SignOffDone, type SignOffEntry, type SignOffInput } from '@logbook/contracts/sign-off';
import { familyRulesOf, logbookRuleVersions } from '../settings/settings';
import { StudentRecordModel, type StudentRecord } from '../students/model';
import { DrivingSessionModel } from '../sessions/model';
import { recordChange } from '../sessions/list-cache';
import { signingView } from '../sessions/fields';
import { changeableEntry, toView, type DrivingSessionView } from '../sessions/read';
import { sealRemoteSignature } from '../sessions/seal';
import { cancelLinks, countRequest, linkNotLive, liveLink, mailDecline, sendLink, useLink } from './links';
import type { SignOffLinkRecord } from './model';

/** The entry a live link is for, and its learner: an entry no longer awaiting makes the link not live. */
async function awaitingEntryOf(link: SignOffLinkRecord) {
  const [entry, student] = await Promise.all([
    DrivingSessionModel.findOne({ _id: link.sessionId, studentId: link.studentId, status: 'awaiting' }).lean(),
    StudentRecordModel.findById(link.studentId).lean<StudentRecord>(),
  ]);
  if (!entry || !student || student.userId !== link.userId) throw linkNotLive();
  return { entry, student };
}

/** What the family's state asks of a supervisor, today. */
async function supervisorRuleOf(userId: number) {
  const rules = await familyRulesOf(userId);
  const rule = ruleOn(rules.state, todayIso(), logbookRuleVersions());
  return { state: rules.state, fullLicenceYears: rule.supervisor.fullLicenceYears };
}

/** GET /api/sign-off/:token: the entry as it will be printed, and the learner's first name and initial alone. */
export async function signOffEntry(token: string): Promise<SignOffEntry> {
  const link = await liveLink(token);
  const { entry, student } = await awaitingEntryOf(link);
  return {
    learner: learnerShortName(student),
    ...(signingView(entry) as Omit<SignOffEntry, 'learner' | 'supervisorRule' | 'expiresAt'>),
    supervisorRule: await supervisorRuleOf(student.userId),
    expiresAt: link.expiresAt.toISOString(),
  };
}

/**
 * Whole calendar years of a full licence by the drive's year, as the readiness check counts them; an instructor meets
 * the rule.
 */
function meetsRule(fullLicenceYear: number, driveDate: string, years: number, isInstructor?: boolean): boolean {
  if (isInstructor || years === 0) return true;
  return Number(driveDate.slice(0, 4)) - fullLicenceYear - 1 >= years;
}

/** POST /api/sign-off/:token: the supervisor confirms who they are and signs; the link is then used up. */
export async function signWithToken(
  token: string,
  input: SignOffInput & { fullLicenceYear: number },
): Promise<SignOffDone> {
  const link = await liveLink(token);
  const { entry, student } = await awaitingEntryOf(link);
  const rule = await supervisorRuleOf(student.userId);
  const ruleNotMet = !meetsRule(input.fullLicenceYear, entry.date, rule.fullLicenceYears, entry.supervisorIsInstructor);
  const giveBack = await useLink(link);
  const signedAt = new Date();
  try {
    await sealRemoteSignature(entry, student, {
      supervisorName: input.supervisorName,
      supervisorLicenseNumber: input.supervisorLicenseNumber,
      supervisorSignature: input.supervisorSignature,
      remote: {
        sealed: {
          signedAt: signedAt.toISOString(),
          signedRemotely: true,
          supervisorLicenceState: input.licenceState,
          supervisorFullLicenceYear: input.fullLicenceYear,
          ...(ruleNotMet ? { supervisorRuleNotMet: true as const } : {}),
        },
        signOff: { status: 'signed', supervisorEmail: link.supervisorEmail, signedAt },
      },
    });
  } catch (err) {
    await giveBack();
    throw forTheSigner(err);
  }
  return { status: 'signed', signedAt: signedAt.toISOString(), supervisorRuleNotMet: ruleNotMet };
}

/** What the supervisor sent and may put right: their signature. */
const SIGNER_PROBLEMS = new Set<string>([VALIDATION.signatureInvalid, VALIDATION.signatureTooLarge]);

/**
 * A refusal as the supervisor is told it: their own signature's problem as it is; anything on the family's side (a
 * plan that lapsed, a state whose log book asks for more) in one neutral sentence, since only the family can act.
 */
function forTheSigner(err: unknown): unknown {
  if (!(err instanceof AppError) || (err.status !== 400 && err.status !== 403)) return err;
  return SIGNER_PROBLEMS.has(err.message) ? err : conflict(SIGN_OFF_MESSAGES.cannotSealNow);
}

/** POST /api/sign-off/:token/decline: the entry never counts, and the parent is told (email and history). */
export async function declineWithToken(token: string, reason: string): Promise<SignOffDone> {
  const link = await liveLink(token);
  const { entry, student } = await awaitingEntryOf(link);
  await useLink(link);
  const declinedAt = new Date();
  const declined = await updateAwaiting(entry._id, {
    status: 'declined',
    changedAt: declinedAt,
    changeReason: reason,
    'signOff.status': 'declined',
    'signOff.declinedAt': declinedAt,
    'signOff.declineReason': reason,
  });
  if (!declined) throw linkNotLive();
  await recordChange(student._id);
  await mailDecline({
    kind: 'sign_off_declined',
    parentId: student.userId,
    learner: learnerShortName(student),
    supervisorName: entry.supervisorName,
    date: entry.date,
    reason,
  });
  return { status: 'declined', supervisorRuleNotMet: false };
}

/** Changes an entry still awaiting its supervisor; answers whether it was (and so is now changed). */
async function updateAwaiting(id: number, set: Record<string, unknown>): Promise<boolean> {
  const updated = await DrivingSessionModel.updateOne({ _id: id, status: 'awaiting' }, { $set: set });
  return updated.modifiedCount === 1;
}

/** The entry as the parent's screens show it, once its change is recorded for the family's lists. */
async function viewAfterChange(studentId: number, id: number): Promise<DrivingSessionView> {
  await recordChange(studentId);
  const doc = await DrivingSessionModel.findById(id).lean();
  return toView(doc!, false);
}

/** An entry of the parent's student that awaits its supervisor's signature. */
async function awaitingOfParent(callers: Callers, id: number) {
  const { entry, student } = await changeableEntry(callers, id);
  if (entry.status !== 'awaiting') throw conflict(SIGN_OFF_MESSAGES.notAwaiting);
  const full = await StudentRecordModel.findById(student._id).lean<StudentRecord>();
  return { entry, student: full ?? student };
}

/** The parent sends the supervisor a new link (to the same address, or a corrected one); the old one stops working. */
export async function resendSignOff(
  callers: Callers,
  id: number,
  supervisorEmail: string | undefined,
): Promise<DrivingSessionView> {
  const { entry, student } = await awaitingOfParent(callers, id);
  const to = supervisorEmail ?? entry.signOff?.supervisorEmail;
  if (!to) throw conflict(SIGN_OFF_MESSAGES.notAwaiting);
  await countRequest(student.userId, to);
  await sendLink({
    sessionId: entry._id,
    studentId: student._id,
    userId: student.userId,
    supervisorEmail: to,
    learner: learnerShortName(student),
    date: entry.date,
  });
  await updateAwaiting(entry._id, { 'signOff.mailedAt': new Date(), 'signOff.supervisorEmail': to });
  return viewAfterChange(student._id, entry._id);
}

/** The parent withdraws the request: the link stops working and the entry is kept, removed, never counted. */
export async function cancelSignOff(callers: Callers, id: number): Promise<DrivingSessionView> {
  const { entry, student } = await awaitingOfParent(callers, id);
  const changedAt = new Date();
  const cancelled = await updateAwaiting(entry._id, {
    status: 'removed',
    changedAt,
    changeReason: "The request for the supervisor's signature was cancelled",
    'signOff.status': 'cancelled',
  });
  if (!cancelled) throw conflict(SIGN_OFF_MESSAGES.notAwaiting);
  await cancelLinks(entry._id, changedAt);
  return viewAfterChange(student._id, entry._id);
}
