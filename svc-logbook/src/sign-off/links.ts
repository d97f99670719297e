import crypto from 'node:crypto';
import { internalUserSchema, statusOnlySchema, type SignOffMail } from '@logbook/contracts/internal-api';
import { API_ERRORS } from '@logbook/contracts/messages';
import { SIGN_OFF_MESSAGES } from '@logbook/contracts/sign-off';
import { AppError, notFound, tooMany } from '@logbook/service-kit/errors';
import { callInternal } from '@logbook/service-kit/internal';
import { mailboxKey } from '@logbook/service-kit/mailbox';
import { logbookConfig } from '../config';
import { SignOffLinkModel, SignOffRequestModel, type SignOffLinkRecord } from './model';

const SIGN_OFF_LINK_DAYS = 7;

/** Signings a link may fail to seal before it stops working (a new link can be sent). */
export const MAX_FAILED_SEALS = 5;

/**
 * Requests for a signature in any 24 hours: per family, per family and supervisor, and per supervisor whichever
 * family asks (`SIGN_OFF_REQUESTS_PER_SUPERVISOR`, enough that one family using its own allowance leaves others able
 * to ask the same instructor).
 */
export const SIGN_OFF_LIMITS = { perFamily: 20, perFamilyAndAddress: 5 } as const;

const DAY_MS = 24 * 3600 * 1000;

/** 192 random bits, written for a URL. */
const newToken = () => crypto.randomBytes(24).toString('base64url');
const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Tokens are made by newToken; anything else is refused before the database is asked. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

/** Neither used nor cancelled (a link is live while so and not expired). */
const UNSPENT = { usedAt: { $exists: false }, cancelledAt: { $exists: false } };

/** The one answer for every token that is not live: it says nothing of whether the token ever existed. */
export const linkNotLive = () => notFound(SIGN_OFF_MESSAGES.linkNotLive);

/** The family's mailbox, from its account: what its allowances are kept by. */
async function familyMailbox(userId: number): Promise<string> {
  const reply = await callInternal(internalUserSchema, 'auth', 'GET', `/internal/users/${userId}`);
  // An account svc-auth does not know cannot be emailed about either.
  if (!reply.ok) throw new AppError(503, API_ERRORS.serviceUnavailable);
  return mailboxKey(reply.body.email);
}

/**
 * Count one request against the family's, the family's for this supervisor, and the supervisor's allowances, refusing
 * (429) past any. Counted first and then checked, so two requests at once cannot both slip under a limit.
 */
export async function countRequest(userId: number, supervisorEmail: string): Promise<void> {
  const _id = crypto.randomUUID();
  const at = new Date();
  const family = await familyMailbox(userId);
  const recipient = mailboxKey(supervisorEmail);
  await SignOffRequestModel.create({ _id, family, recipient, at });
  const since = new Date(at.getTime() - DAY_MS);
  const limits = [
    { counted: { family }, limit: SIGN_OFF_LIMITS.perFamily },
    { counted: { family, recipient }, limit: SIGN_OFF_LIMITS.perFamilyAndAddress },
    { counted: { recipient }, limit: logbookConfig().SIGN_OFF_REQUESTS_PER_SUPERVISOR },
  ];
  const counts = await Promise.all(
    limits.map(({ counted }) => SignOffRequestModel.countDocuments({ ...counted, at: { $gt: since } })),
  );
  const over = limits.find((_, i) => counts[i] > limits[i].limit);
  if (!over) return;
  await SignOffRequestModel.deleteOne({ _id });
  // Again once the oldest request counted against the limit reached is a day old.
  const oldest = await SignOffRequestModel.findOne({ ...over.counted, at: { $gt: since } })
    .sort({ at: 1 })
    .lean();
  const wait = oldest ? oldest.at.getTime() + DAY_MS - at.getTime() : DAY_MS;
  throw tooMany(Math.max(1, Math.ceil(wait / 1000)), SIGN_OFF_MESSAGES.tooManyRequests);
}

type LinkFor = Pick<SignOffLinkRecord, 'sessionId' | 'studentId' | 'userId' | 'supervisorEmail'> & {
  learner: string;
  date: string;
};

/**
 * A new link for an entry, emailed to the supervisor through svc-auth's mail queue; the entry's earlier links stop
 * working. Throws 503 when the email could not be queued (the link is then cancelled again).
 */
export async function sendLink(entry: LinkFor, now = new Date()): Promise<SignOffLinkRecord> {
  await cancelLinks(entry.sessionId, now);
  const token = newToken();
  const link = await SignOffLinkModel.create({
    _id: digest(token),
    sessionId: entry.sessionId,
    studentId: entry.studentId,
    userId: entry.userId,
    supervisorEmail: entry.supervisorEmail,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_OFF_LINK_DAYS * DAY_MS),
  });
  const mail: SignOffMail = {
    kind: 'sign_off_request',
    parentId: entry.userId,
    to: entry.supervisorEmail,
    token,
    learner: entry.learner,
    date: entry.date,
    expiresAt: link.expiresAt.toISOString(),
  };
  try {
    if (!(await queueMail(mail))) throw new AppError(503, API_ERRORS.serviceUnavailable);
  } catch (err) {
    await SignOffLinkModel.updateOne({ _id: link._id }, { $set: { cancelledAt: new Date() } });
    throw err;
  }
  return link.toObject();
}

/** Hands one email to svc-auth's mail queue; answers whether it was queued. */
async function queueMail(mail: SignOffMail): Promise<boolean> {
  const reply = await callInternal(statusOnlySchema, 'auth', 'POST', '/internal/sign-off-mail', mail);
  return reply.ok;
}

/** Tell the parent the supervisor declined (email); a failure is the parent's history's to show, so it is not fatal. */
export const mailDecline = (mail: Extract<SignOffMail, { kind: 'sign_off_declined' }>) =>
  queueMail(mail).catch(() => false);

/** Every link of the entry stops working. */
export async function cancelLinks(sessionId: number, at = new Date()): Promise<void> {
  await SignOffLinkModel.updateMany({ sessionId, ...UNSPENT }, { $set: { cancelledAt: at } });
}

/** The live link a token opens, or the one 404. */
export async function liveLink(token: string): Promise<SignOffLinkRecord> {
  if (!TOKEN_SHAPE.test(token)) throw linkNotLive();
  const link = await SignOffLinkModel.findOne({
    _id: digest(token),
    ...UNSPENT,
    expiresAt: { $gt: new Date() },
  }).lean();
  if (!link || (link.failedSeals ?? 0) >= MAX_FAILED_SEALS) throw linkNotLive();
  return link;
}

/** Take the link for this one use: of two uses at once, one gets it and the other the one 404. */
export async function useLink(link: SignOffLinkRecord): Promise<() => Promise<void>> {
  const taken = await SignOffLinkModel.updateOne(
    { _id: link._id, ...UNSPENT, expiresAt: { $gt: new Date() } },
    { $set: { usedAt: new Date() } },
  );
  if (taken.modifiedCount !== 1) throw linkNotLive();
  // Given back when the signing could not be sealed, so the supervisor may try again, a limited number of times.
  return async () => {
    await SignOffLinkModel.updateOne({ _id: link._id }, { $unset: { usedAt: 1 }, $inc: { failedSeals: 1 } });
  };
}
