import crypto from 'node:crypto';
import { ACCOUNT_MESSAGES, API_ERRORS } from '@logbook/contracts/messages';
import type { PublicUser } from '@logbook/contracts/schemas';
import { refuseCommonPassword } from '@logbook/service-kit/common-passwords';
import { createWithNumericId } from '@logbook/service-kit/counters';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { conflict, forbidden, unauthorized } from '@logbook/service-kit/errors';
import { mailOrigin, queueMail } from '../mail/queue';
import { mailTemplates } from '../mail/templates';
import { hashPassword, passwordMatches } from '../passwords';
import { PasswordResetTokenModel } from '../password-reset/model';
import { UserModel, type User } from './model';
import { endParentSessions } from './sessions';

const USERNAME_ATTEMPTS = 6;

/** The only user fields that ever leave this service. */
export const publicUser = (user: Pick<User, '_id' | 'email'>): PublicUser => ({ id: user._id, email: user.email });

/** Which unique index a duplicate-key error came from (real mongod names it in keyPattern, others in the message). */
export function duplicateField(err: unknown): string | undefined {
  if (!isDuplicateKey(err)) return undefined;
  const keyPattern = (err as { keyPattern?: Record<string, unknown> }).keyPattern;
  if (keyPattern) return Object.keys(keyPattern)[0];
  const index = /index: (?:\S+\.\$)?([A-Za-z_]+?)_-?1\b/.exec(String((err as Error).message));
  return index?.[1];
}

/** A username from the email's local part: lower case letters, digits, dots, dashes and underscores. */
export function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 40);
  return cleaned || 'user';
}

const withSuffix = (base: string, attempt: number) =>
  `${base}-${crypto.randomInt(10 ** Math.min(3 + attempt, 9), 10 ** Math.min(4 + attempt, 10))}`;

class UsernameTaken extends Error {}

/** Create a parent account. The unique email index decides races: the loser gets 409. */
export async function registerUser(email: string, password: string): Promise<PublicUser> {
  refuseCommonPassword(password);
  if (await UserModel.exists({ email })) throw conflict(API_ERRORS.emailTaken);
  const hash = await hashPassword(password);
  const base = usernameBase(email);
  let username = (await UserModel.exists({ username: base })) ? withSuffix(base, 0) : base;
  for (let attempt = 1; ; attempt++) {
    try {
      const user = await createWithNumericId('users', async (id) => {
        try {
          return await UserModel.create({ _id: id, email, username, password: hash, createdAt: new Date() });
        } catch (err) {
          // Only a clash on the numeric id is retried by the counter; the others are decided here.
          const field = duplicateField(err);
          if (field === 'email') throw conflict(API_ERRORS.emailTaken);
          if (field === 'username') throw new UsernameTaken();
          throw err;
        }
      });
      await queueMail(user.email, 'welcome', mailTemplates.welcome({ origin: mailOrigin() }), user._id);
      return publicUser(user);
    } catch (err) {
      if (!(err instanceof UsernameTaken) || attempt >= USERNAME_ATTEMPTS) throw err;
      username = withSuffix(base, attempt);
    }
  }
}

/** The account for these credentials, or the same 401 whether the email is unknown or the password wrong. */
export async function verifyCredentials(email: string, password: string): Promise<PublicUser> {
  const user = await UserModel.findOne({ email }).select({ _id: 1, email: 1, password: 1 }).lean();
  const ok = await passwordMatches(password, user?.password);
  if (!user || !ok) throw unauthorized(API_ERRORS.invalidCredentials);
  return publicUser(user);
}

export async function findUser(id: number): Promise<PublicUser | null> {
  const user = await UserModel.findById(id).select({ _id: 1, email: 1 }).lean();
  return user ? publicUser(user) : null;
}

/** The account's stored password matches: the check before changing the password or closing the account. */
export async function confirmPassword(userId: number, password: string): Promise<void> {
  const user = await UserModel.findById(userId).select({ password: 1 }).lean();
  if (!(await passwordMatches(password, user?.password))) throw forbidden(ACCOUNT_MESSAGES.currentPasswordWrong);
}

/** A new password (the registration rules); the account's other sessions end, the one asking stays. */
export async function changePassword(
  userId: number,
  currentPassword: string,
  newPassword: string,
  keepSession: string,
): Promise<PublicUser> {
  await confirmPassword(userId, currentPassword);
  refuseCommonPassword(newPassword);
  const hash = await hashPassword(newPassword);
  await UserModel.updateOne({ _id: userId }, { $set: { password: hash } });
  const user = await UserModel.findById(userId).select({ _id: 1, email: 1 }).lean();
  if (!user) throw unauthorized(API_ERRORS.unauthenticated);
  await endParentSessions(userId, keepSession);
  await PasswordResetTokenModel.deleteMany({ userId });
  await queueMail(user.email, 'password_changed', mailTemplates.passwordChanged({ origin: mailOrigin() }), userId);
  return publicUser(user);
}
