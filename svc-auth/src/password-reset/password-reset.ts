import crypto from 'node:crypto';
import { PASSWORD_RESET } from '@logbook/contracts/messages';
import { refuseCommonPassword } from '@logbook/service-kit/common-passwords';
import { badRequest } from '@logbook/service-kit/errors';
import { updateIfMatches } from '@logbook/service-kit/guarded';
import { logger } from '@logbook/service-kit/logger';
import { UserModel } from '../accounts/model';
import { endGuardianSessions, endLearnerSessions } from '../accounts/sessions';
import { billingOwnerOf, familyIdOf } from '../guardians/families';
import { mailOrigin, queueMail } from '../mail/queue';
import { mailTemplates, RESET_LINK_MINUTES } from '../mail/templates';
import { hashPassword } from '../passwords';
import { PasswordResetTokenModel } from './model';

const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Queues a reset link when the address has an account; does nothing otherwise. A new link replaces the account's
 * earlier ones (links asked for at the very same moment both stay, so no request can leave the account with none).
 */
async function requestPasswordReset(email: string): Promise<void> {
  const user = await UserModel.findOne({ email }).select({ _id: 1, email: 1 }).lean();
  if (!user) return;
  const token = crypto.randomBytes(32).toString('base64url');
  const id = tokenHash(token);
  const now = new Date();
  await PasswordResetTokenModel.create({
    _id: id,
    userId: user._id,
    expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
    createdAt: now,
  });
  await PasswordResetTokenModel.deleteMany({ userId: user._id, _id: { $ne: id }, createdAt: { $lt: now } });
  await queueMail(user.email, 'password_reset', mailTemplates.passwordReset({ origin: mailOrigin(), token }), user._id);
}

const inProgress = new Set<Promise<void>>();

/**
 * Starts the work of a reset request and never waits for it: the answer is the same whether or not the address has an
 * account, and so is how long it takes, since it never waits for the account to be looked up.
 */
export function startPasswordReset(email: string): void {
  const work: Promise<void> = requestPasswordReset(email)
    .catch((err: unknown) => logger.error({ err }, 'password reset link not queued'))
    .finally(() => inProgress.delete(work));
  inProgress.add(work);
}

/** Resolves once every reset request started so far has queued its email (or found no account). */
export async function passwordResetRequestsSettled(): Promise<void> {
  await Promise.all([...inProgress]);
}

/**
 * Spends the link and sets the new password (the registration rules), then signs the family out everywhere. An
 * unknown, used or expired link gets one message; the password is checked before the link is spent, so a refused
 * password leaves the link usable.
 */
export async function confirmPasswordReset(token: string, password: string): Promise<void> {
  const id = tokenHash(token);
  const link = await PasswordResetTokenModel.findById(id).lean();
  if (!link || link.usedAt || link.expiresAt.getTime() <= Date.now()) throw badRequest(PASSWORD_RESET.linkProblem);
  refuseCommonPassword(password);
  const hash = await hashPassword(password);
  const now = new Date();
  const spent = await updateIfMatches(
    PasswordResetTokenModel,
    { _id: id, usedAt: null, expiresAt: { $gt: now } },
    { $set: { usedAt: now } },
  );
  if (!spent) throw badRequest(PASSWORD_RESET.linkProblem);
  await UserModel.updateOne({ _id: link.userId }, { $set: { password: hash } });
  const user = await UserModel.findById(link.userId).select({ _id: 1, email: 1, familyId: 1 }).lean();
  if (!user) throw badRequest(PASSWORD_RESET.linkProblem);
  // Every other link of the account goes too: the newest password is the one that counts.
  await PasswordResetTokenModel.deleteMany({ userId: user._id });
  // Every session of this guardian ends; the learners' too when they hold the subscription (whoever held the old
  // password may have made a login). Other guardians' sessions are theirs and stay.
  await endGuardianSessions(user._id);
  const familyId = familyIdOf(user);
  if ((await billingOwnerOf(familyId)) === user._id) await endLearnerSessions(familyId);
  await queueMail(user.email, 'password_changed', mailTemplates.passwordChanged({ origin: mailOrigin() }), user._id);
}
