import { API_ERRORS } from '@logbook/contracts/messages';
import { studentUsernameKey } from '@logbook/contracts/student-usernames';
import { normaliseStatus } from '@logbook/contracts/subscription';
import type { SubscriptionStatus } from '@logbook/contracts/constants';
import { unauthorized } from '@logbook/service-kit/errors';
import { passwordMatches } from '../passwords';
import { StudentAccountModel, type StudentAccount } from './model';

export interface SignedInStudent {
  id: number;
  firstName: string;
  lastName: string;
  subscriptionStatus: SubscriptionStatus;
}

const PUBLIC_FIELDS = { _id: 1, firstName: 1, lastName: 1, subscriptionStatus: 1 } as const;

/** The only student fields that ever leave this service. */
const signedInStudent = (s: Pick<StudentAccount, '_id' | 'firstName' | 'lastName' | 'subscriptionStatus'>) => ({
  id: s._id,
  firstName: s.firstName ?? '',
  lastName: s.lastName ?? '',
  subscriptionStatus: normaliseStatus(s.subscriptionStatus),
});

/** Usernames are stored folded to lower case (svc-students), so any case the student types finds them. */
function findByUsername(username: string) {
  const fields = { ...PUBLIC_FIELDS, userId: 1, studentPassword: 1, hasStudentLogin: 1, loginVersion: 1 };
  return StudentAccountModel.findOne({ studentUsername: studentUsernameKey(username) })
    .select(fields)
    .lean();
}

/**
 * The student for these credentials. Unknown username, wrong password and a removed login all answer the same 401
 * after the same bcrypt work.
 */
export async function verifyStudentCredentials(username: string, password: string) {
  const account = await findByUsername(username);
  const hash = account?.hasStudentLogin ? account.studentPassword : undefined;
  const ok = await passwordMatches(password, hash);
  if (!account || !ok) throw unauthorized(API_ERRORS.invalidCredentials);
  return {
    student: signedInStudent(account),
    userId: account.userId,
    loginVersion: account.loginVersion ?? 0,
  };
}

export async function findSignedInStudent(id: number): Promise<SignedInStudent | null> {
  const account = await StudentAccountModel.findById(id).select(PUBLIC_FIELDS).lean();
  return account ? signedInStudent(account) : null;
}
