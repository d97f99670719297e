import crypto from 'node:crypto';
import { ACCOUNT_MESSAGES, API_ERRORS } from '@logbook/contracts/messages';
import { statusOnlySchema } from '@logbook/contracts/internal-api';
import type { PublicUser } from '@logbook/contracts/schemas';
import type { StateCode } from '@logbook/contracts/state-codes';
import { refuseCommonPassword } from '@logbook/service-kit/common-passwords';
import { createWithNumericId } from '@logbook/service-kit/counters';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { forbidden, unauthorized } from '@logbook/service-kit/errors';
import { callInternal } from '@logbook/service-kit/internal';
import { logger } from '@logbook/service-kit/logger';
import type { RateLimits } from '../config';
import { mailOrigin, queueMail } from '../mail/queue';
import { mailTemplates } from '../mail/templates';
import { hashPassword, passwordMatches } from '../passwords';
import { PasswordResetTokenModel } from '../password-reset/model';
import { registerNoticeAllowed } from '../rate-limits';
import { UserModel, type User } from './model';
import { familyIdOf } from '../guardians/families';
import { endGuardianSessions } from './sessions';

const USERNAME_ATTEMPTS = 6;

/** The only user fields that ever leave this service. */
const publicUser = (user: Pick<User, '_id' | 'email'>): PublicUser => ({ id: user._id, email: user.email });

/** Which unique index a duplicate-key error came from (real mongod names it in keyPattern, others in the message). */
function duplicateField(err: unknown): string | undefined {
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
class EmailTaken extends Error {}

/**
 * Someone tried to register an address that has an account: its owner is told (a few times per window at most), and
 * the one registering gets the same answer as for a new account.
 */
async function registrationWithTakenEmail(email: string, limits: RateLimits): Promise<void> {
  const owner = await UserModel.findOne({ email }).select({ _id: 1, email: 1 }).lean();
  if (!owner || !(await registerNoticeAllowed(limits, email))) return;
  await queueMail(
    owner.email,
    'registration_attempt',
    mailTemplates.registrationAttempt({ origin: mailOrigin() }),
    owner._id,
  );
}

/**
 * The log book keeps the state a new family chose. Not waited for, so a new address answers as fast as a taken one;
 * when the log book cannot be reached the family is asked again with its first student (South Australia until then).
 */
async function familyStateChosen(userId: number, state: StateCode): Promise<void> {
  try {
    const reply = await callInternal(statusOnlySchema, 'logbook', 'POST', `/internal/families/${userId}/state`, {
      value: state,
    });
    if (!reply.ok) logger.warn({ userId, status: reply.status }, "the family's state was not kept");
  } catch (err) {
    logger.warn({ err, userId }, "the family's state was not kept");
  }
}

/**
 * Creates a parent account, or, when the address already has one, emails its owner instead: the caller answers the
 * same either way and both cost a password hash, so registering tells no one which addresses have accounts. The
 * unique email index decides races: the loser is treated as an address that has an account.
 */
export async function registerUser(
  email: string,
  password: string,
  limits: RateLimits,
  state?: StateCode,
): Promise<void> {
  refuseCommonPassword(password);
  const hash = await hashPassword(password);
  if (await UserModel.exists({ email })) return registrationWithTakenEmail(email, limits);
  const base = usernameBase(email);
  let username = (await UserModel.exists({ username: base })) ? withSuffix(base, 0) : base;
  for (let attempt = 1; ; attempt++) {
    try {
      const user = await createWithNumericId('users', async (id) => {
        try {
          // A new account is the first guardian of a family of its own, named by its id.
          return await UserModel.create({
            _id: id,
            familyId: id,
            email,
            username,
            password: hash,
            createdAt: new Date(),
          });
        } catch (err) {
          // Only a clash on the numeric id is retried by the counter; the others are decided here.
          const field = duplicateField(err);
          if (field === 'email') throw new EmailTaken();
          if (field === 'username') throw new UsernameTaken();
          throw err;
        }
      });
      await queueMail(user.email, 'welcome', mailTemplates.welcome({ origin: mailOrigin() }), user._id);
      if (state) void familyStateChosen(user._id, state);
      return;
    } catch (err) {
      if (err instanceof EmailTaken) return registrationWithTakenEmail(email, limits);
      if (!(err instanceof UsernameTaken) || attempt >= USERNAME_ATTEMPTS) throw err;
      username = withSuffix(base, attempt);
    }
  }
}

/** The account for these credentials, or the same 401 whether the email is unknown or the password wrong. */
export async function verifyCredentials(email: string, password: string): Promise<PublicUser & { familyId: number }> {
  const user = await UserModel.findOne({ email }).select({ _id: 1, email: 1, password: 1, familyId: 1 }).lean();
  const ok = await passwordMatches(password, user?.password);
  if (!user || !ok) throw unauthorized(API_ERRORS.invalidCredentials);
  return { ...publicUser(user), familyId: familyIdOf(user) };
}

export async function findUser(id: number): Promise<PublicUser | null> {
  const user = await UserModel.findById(id).select({ _id: 1, email: 1 }).lean();
  return user ? publicUser(user) : null;
}

/** The signed-in parent's email, which their password re-checks are counted against; 401 when the account is gone. */
export async function emailOf(userId: number): Promise<string> {
  const user = await UserModel.findById(userId).select({ email: 1 }).lean();
  if (!user) throw unauthorized(API_ERRORS.unauthenticated);
  return user.email;
}

/** The account's stored password matches: the check before changing the password or closing the account. */
export async function confirmPassword(userId: number, password: string): Promise<void> {
  const user = await UserModel.findById(userId).select({ password: 1 }).lean();
  if (!(await passwordMatches(password, user?.password))) throw forbidden(ACCOUNT_MESSAGES.currentPasswordWrong);
}

/**
 * A new password (the registration rules), once the current one was confirmed: every other session of this guardian
 * ends; the one asking stays. Other guardians and the learners keep theirs: the password was this guardian's alone.
 */
export async function changePassword(userId: number, newPassword: string, keepSession: string): Promise<PublicUser> {
  refuseCommonPassword(newPassword);
  const hash = await hashPassword(newPassword);
  await UserModel.updateOne({ _id: userId }, { $set: { password: hash } });
  const user = await UserModel.findById(userId).select({ _id: 1, email: 1 }).lean();
  if (!user) throw unauthorized(API_ERRORS.unauthenticated);
  await endGuardianSessions(userId, keepSession);
  await PasswordResetTokenModel.deleteMany({ userId });
  await queueMail(user.email, 'password_changed', mailTemplates.passwordChanged({ origin: mailOrigin() }), userId);
  return publicUser(user);
}
