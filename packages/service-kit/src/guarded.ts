import type mongoose from 'mongoose';

/**
 * Writes guarded on a document's state, made so that they hold on a real mongod and on the in-memory fallback alike.
 *
 * MongoDB changes one document atomically, so of several writes guarded on the same state (`{ _id, taken: false }`)
 * exactly one matches. The fallback keeps that promise for `updateOne`/`updateMany` (the filter is matched and the
 * update applied in one step) and for inserts under a unique index (E11000 tells the loser), but not for
 * find-and-modify (`findOneAndUpdate`, `findByIdAndUpdate`, `findOneAndReplace`, `findOneAndDelete`): it finds the
 * document, then updates it by `_id` alone. Several callers guarded on one state can then all "win", the guard is not
 * checked again when the update lands, `new: false` answers the document as found (not as it was just before this
 * write) and `new: true` reads it again afterwards (with other writers' changes in it).
 *
 * So the code relies only on:
 * - `updateIfMatches` (an `updateOne`) to decide a winner, reading the document back afterwards when the answer
 *   needs it;
 * - an insert under a unique index, where `isDuplicateKey` means someone else was first;
 * - `$inc` itself: every call adds exactly once, but the value find-and-modify answers may repeat between callers,
 *   so a number handed out that way needs a unique index and a retry on E11000 (`createWithNumericId`).
 */
export async function updateIfMatches<T>(
  model: mongoose.Model<T>,
  filter: mongoose.RootFilterQuery<T>,
  update: mongoose.UpdateQuery<T>,
): Promise<boolean> {
  const { matchedCount } = await model.updateOne(filter, update);
  return matchedCount === 1;
}
