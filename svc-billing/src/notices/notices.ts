import { statusOnlySchema } from '@logbook/contracts/internal-api';
import { callInternal } from '@logbook/service-kit/internal';
import { logger } from '@logbook/service-kit/logger';
import { repeatInBackground } from '@logbook/service-kit/background';
import { defineModel } from '@logbook/service-kit/model';

const NOTICE_KINDS = ['trial_will_end', 'payment_failed', 'payment_action_required', 'chargeback'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * One email the parent must get about a student's subscription, handed to svc-auth (which owns the parents' email
 * addresses and sends the mail). The id is what the email is about (the kind and the invoice, or the trial's end), and
 * the notice is kept once sent, so a redelivered event, a second Event object for one change or a retried payment
 * asks once.
 */
export interface BillingNotice {
  _id: string;
  kind: NoticeKind;
  parentId: number;
  studentId: number;
  at?: Date | null;
  /** For a trial's end: whether a card is saved (the email then says the subscription goes on, or that it ends). */
  cardSaved?: boolean;
  /** For a trial's end: the parent canceled in the trial (the email then says it ends with the trial). */
  canceled?: boolean;
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  /** The sender holding the notice; past this time (the sender died) another replica may send it. */
  leaseUntil?: Date | null;
  sentAt?: Date | null;
}

export const BillingNoticeModel = defineModel<BillingNotice>('BillingNotice', 'billing_notices', {
  _id: String,
  kind: { type: String, required: true, enum: NOTICE_KINDS },
  parentId: { type: Number, required: true },
  studentId: { type: Number, required: true },
  at: Date,
  cardSaved: Boolean,
  canceled: Boolean,
  attempts: { type: Number, default: 0 },
  nextAttemptAt: { type: Date, required: true },
  createdAt: { type: Date, required: true },
  leaseUntil: Date,
  sentAt: Date,
});

const MAX_BACKOFF_MS = 30 * 60_000;
/** The wait before the next try of a notice or a provider event: doubling from 5 seconds, at most half an hour. */
export const retryBackoff = (attempts: number) => Math.min(MAX_BACKOFF_MS, 5_000 * 2 ** Math.min(attempts, 12));

/** Hands one notice to svc-auth; true once it is queued there (or the parent no longer exists). */
async function send(notice: BillingNotice): Promise<boolean> {
  try {
    const { status } = await callInternal(
      statusOnlySchema,
      'auth',
      'POST',
      `/internal/parents/${notice.parentId}/notices`,
      {
        kind: notice.kind,
        studentId: notice.studentId,
        ...(notice.at ? { at: new Date(notice.at).toISOString() } : {}),
        ...(typeof notice.cardSaved === 'boolean' ? { cardSaved: notice.cardSaved } : {}),
        ...(notice.canceled ? { canceled: true } : {}),
      },
    );
    if (status === 202 || status === 200) return true;
    if (status === 404) {
      logger.warn({ notice: notice._id, parent: notice.parentId }, 'billing notice for an unknown parent dropped');
      return true;
    }
    logger.warn({ notice: notice._id, status }, 'billing notice refused; will retry');
    return false;
  } catch (err) {
    logger.warn({ err, notice: notice._id }, 'billing notice not delivered yet');
    return false;
  }
}

const NOTICE_LEASE_MS = 60_000;

/** One sender across replicas: a notice is sent only by whoever takes its lease (a guarded update decides). */
async function attempt(notice: BillingNotice): Promise<boolean> {
  const now = new Date();
  const taken = await BillingNoticeModel.updateOne(
    {
      _id: notice._id,
      sentAt: null,
      $or: [{ leaseUntil: null }, { leaseUntil: { $lt: now } }],
    },
    { $set: { leaseUntil: new Date(now.getTime() + NOTICE_LEASE_MS) } },
  );
  if (taken.modifiedCount !== 1) return true;
  if (await send(notice)) {
    await BillingNoticeModel.updateOne({ _id: notice._id }, { $set: { sentAt: new Date(), leaseUntil: null } });
    return true;
  }
  await BillingNoticeModel.updateOne(
    { _id: notice._id },
    {
      $inc: { attempts: 1 },
      $set: { leaseUntil: null, nextAttemptAt: new Date(Date.now() + retryBackoff(notice.attempts + 1)) },
    },
  );
  return false;
}

/** Note the notice, then try to hand it over at once; the retries send whatever could not be sent now. */
export async function queueNotice(
  notice: Omit<BillingNotice, 'attempts' | 'nextAttemptAt' | 'createdAt' | 'leaseUntil' | 'sentAt'>,
) {
  const doc: BillingNotice = {
    ...notice,
    attempts: 0,
    nextAttemptAt: new Date(),
    createdAt: new Date(),
    leaseUntil: null,
    sentAt: null,
  };
  const result = await BillingNoticeModel.updateOne({ _id: doc._id }, { $setOnInsert: doc }, { upsert: true });
  if (result.upsertedCount !== 1) return;
  await attempt(doc).catch((err: unknown) => logger.warn({ err, notice: doc._id }, 'billing notice not sent yet'));
}

/** Sends again every notice that is due; answers how many are still waiting afterwards. */
export async function retryNotices(limit = 100): Promise<number> {
  const due = await BillingNoticeModel.find({ sentAt: null, nextAttemptAt: { $lte: new Date() } })
    .sort({ nextAttemptAt: 1 })
    .limit(limit)
    .lean();
  let left = 0;
  for (const notice of due) if (!(await attempt(notice).catch(() => false))) left++;
  return left;
}

/** Retries in the background while the process runs. */
export function startNoticeRetries(intervalMs = 10_000): () => void {
  return repeatInBackground(() => retryNotices(), intervalMs, 'billing notice retry failed');
}
