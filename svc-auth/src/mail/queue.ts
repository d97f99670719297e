import crypto from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { updateIfMatches } from '@logbook/service-kit/guarded';
import { logger } from '@logbook/service-kit/logger';
import { repeatInBackground } from '@logbook/service-kit/background';
import type { MailSettings } from '../config';
import { MailMessageModel, type MailMessage } from './model';
import type { RenderedMail } from './templates';

export interface MailQueueOptions {
  /** The wait after the first failure; it doubles with every further one, up to `maxDelayMs`. */
  retryBaseMs: number;
  maxDelayMs: number;
  /** After this many failed tries a message is marked failed, kept and logged. */
  maxAttempts: number;
  /** How long one sender may hold a message before another instance may take it over. */
  leaseMs: number;
}

const DEFAULT_QUEUE: MailQueueOptions = {
  retryBaseMs: 30_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 12,
  leaseMs: 2 * 60_000,
};

let settings: MailSettings | undefined;
let queueOptions: MailQueueOptions = DEFAULT_QUEUE;
let transport: Transporter | undefined;

/** Set once at start (and by tests, towards the SMTP server they run). */
export function configureMail(mail: MailSettings, options: Partial<MailQueueOptions> = {}) {
  transport?.close();
  settings = mail;
  queueOptions = { ...DEFAULT_QUEUE, ...options };
  transport = mail.smtpUrl
    ? nodemailer.createTransport({
        url: mail.smtpUrl,
        // A slow server costs the sender a bounded wait, never a request (requests only queue).
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : undefined;
}

/** Where links in emails point. */
export function mailOrigin(): string {
  return settings?.publicOrigin ?? 'http://localhost:8080';
}

/** Adds an email to the queue and returns at once; the sender delivers it. */
export async function queueMail(to: string, kind: string, mail: RenderedMail, userId?: number): Promise<void> {
  const now = new Date();
  await MailMessageModel.create({
    _id: crypto.randomUUID(),
    ...(userId === undefined ? {} : { userId }),
    kind,
    to,
    ...mail,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  });
}

const retryDelay = (attempts: number) =>
  Math.min(queueOptions.retryBaseMs * 2 ** Math.max(0, attempts - 1), queueOptions.maxDelayMs);

/** Takes the next message that is due, so that no other sender sends it meanwhile (the guarded update decides). */
async function claimNext(): Promise<MailMessage | null> {
  for (let tries = 0; tries < 5; tries++) {
    const now = new Date();
    const due = await MailMessageModel.findOne({ state: { $in: ['pending', 'sending'] }, nextAttemptAt: { $lte: now } })
      .sort({ nextAttemptAt: 1 })
      .lean();
    if (!due) return null;
    const lease = new Date(now.getTime() + queueOptions.leaseMs);
    const won = await updateIfMatches(
      MailMessageModel,
      { _id: due._id, state: due.state, nextAttemptAt: due.nextAttemptAt },
      { $set: { state: 'sending', nextAttemptAt: lease } },
    );
    if (won) return { ...due, state: 'sending', nextAttemptAt: lease };
  }
  return null;
}

async function sendOne(message: MailMessage): Promise<boolean> {
  try {
    if (!transport || !settings) throw new Error('SMTP_URL is not set: no mail can be sent');
    const { to, subject, text, html } = message;
    await transport.sendMail({ from: settings.from, to, subject, text, html });
    await MailMessageModel.deleteOne({ _id: message._id });
    logger.info({ mailId: message._id, kind: message.kind }, 'email sent');
    return true;
  } catch (err) {
    const attempts = message.attempts + 1;
    const failed = attempts >= queueOptions.maxAttempts;
    const lastError = String((err as Error)?.message ?? err).slice(0, 500);
    await MailMessageModel.updateOne(
      { _id: message._id },
      {
        $set: {
          state: failed ? 'failed' : 'pending',
          attempts,
          lastError,
          nextAttemptAt: new Date(Date.now() + retryDelay(attempts)),
        },
      },
    );
    if (failed) logger.error({ mailId: message._id, kind: message.kind, attempts, lastError }, 'email failed for good');
    else
      logger.warn({ mailId: message._id, kind: message.kind, attempts, lastError }, 'email not sent yet, will retry');
    return false;
  }
}

/** Sends every message that is due; answers how many were sent. */
export async function sendDueMail(limit = 50): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i++) {
    const message = await claimNext();
    if (!message) break;
    if (await sendOne(message)) sent++;
  }
  return sent;
}

/** The sender loop: runs in the background while the service runs. */
export function startMailSender(intervalMs = 1000): () => void {
  if (!transport) logger.warn('SMTP_URL is not set: emails are queued but not sent');
  return repeatInBackground(() => sendDueMail(), intervalMs, 'mail sender failed');
}
