import { logger } from '@logbook/service-kit/logger';
import { UserModel } from '../accounts/model';

const BATCH = 500;

/**
 * Accounts made before families existed become the first guardian of a family whose id is their own user id, so
 * every record they own (kept by that id) stays the family's and nothing else is rewritten. Run at start-up; safe to
 * run again and on several replicas at once: each account is set by one update guarded on its having no family yet
 * (the in-memory server keeps such an `updateOne` atomic, and has no pipeline updates to copy `_id` in one go).
 * Answers how many accounts this run moved.
 */
export async function giveEveryAccountAFamily(): Promise<number> {
  let moved = 0;
  let after = 0;
  for (;;) {
    const batch = await UserModel.find({ _id: { $gt: after }, familyId: { $exists: false } })
      .select({ _id: 1 })
      .sort({ _id: 1 })
      .limit(BATCH)
      .lean();
    for (const { _id } of batch) {
      const result = await UserModel.updateOne({ _id, familyId: { $exists: false } }, { $set: { familyId: _id } });
      moved += result.modifiedCount;
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!._id;
  }
  if (moved) logger.info({ moved }, 'accounts made before families each became the first guardian of a family');
  return moved;
}
