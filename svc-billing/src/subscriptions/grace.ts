import { repeatInBackground } from '@logbook/service-kit/background';
import { publisher } from '../events/publisher';
import { StudentBillingModel } from './model';

/**
 * Students whose failed renewal has been past due beyond the grace (no event need arrive at that moment): their status
 * becomes past_due, so logging waits for the payment, which brings it back with nothing lost. Answers how many.
 */
export async function endGraces(now = new Date()): Promise<number> {
  const over = { providerStatus: 'past_due', subscriptionStatus: 'active', graceEndsAt: { $lte: now } };
  const due = await StudentBillingModel.find(over).select({ _id: 1 }).lean();
  let ended = 0;
  for (const { _id } of due) {
    const result = await StudentBillingModel.updateOne(
      { _id, ...over },
      { $set: { subscriptionStatus: 'past_due' }, $inc: { version: 1 } },
    );
    if (result.modifiedCount !== 1) continue;
    await publisher.changed('subscription', _id);
    ended++;
  }
  return ended;
}

/** Ends graces in the background while the process runs. */
export function startGraceChecks(intervalMs = 60_000): () => void {
  return repeatInBackground(() => endGraces(), intervalMs, 'billing grace check failed');
}
