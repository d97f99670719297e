import type { Callers } from '@logbook/service-kit/auth';
import { updateIfMatches } from '@logbook/service-kit/guarded';
import { badRequest, conflict } from '@logbook/service-kit/errors';
import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import type { DrivingSessionData } from '@logbook/contracts/schemas';
import { ensureChain } from '../chain/chain';
import { cancelLinks } from '../sign-off/links';
import { DrivingSessionModel, IN_FORCE } from './model';
import { recordChange } from './list-cache';
import { changeableEntry, findByClientId, toView } from './read';
import { loggingGuardian } from './logged-by';
import { checkedDuration, storeSession, type SessionAnswer } from './store';

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
  // Asked before the entry is claimed, so nothing is undone if svc-auth is slow.
  const loggedBy = await loggingGuardian(callers, student);
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
      ...(loggedBy ? { loggedBy } : {}),
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
