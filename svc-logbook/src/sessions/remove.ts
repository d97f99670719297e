import type { Callers } from '@logbook/service-kit/auth';
import { updateIfMatches } from '@logbook/service-kit/guarded';
import { conflict } from '@logbook/service-kit/errors';
import { API_ERRORS } from '@logbook/contracts/messages';
import { ensureChain } from '../chain/chain';
import { cancelLinks } from '../sign-off/links';
import { DrivingSessionModel, IN_FORCE } from './model';
import { recordChange } from './list-cache';
import { changeableEntry, LIST_FIELDS, toView, type DrivingSessionView } from './read';

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
