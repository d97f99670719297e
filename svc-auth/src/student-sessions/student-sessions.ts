import { API_ERRORS } from '@logbook/contracts/messages';
import { normaliseStatus } from '@logbook/contracts/subscription';
import type { StudentAuth } from '@logbook/contracts/schemas';
import { unauthorized } from '@logbook/service-kit/errors';
import { callInternal } from '@logbook/service-kit/internal';

/** The student as the sign-in and student-auth answers carry them. */
export type SignedInStudent = StudentAuth;

/** A student as svc-students' internal API answers them (it owns students and their logins). */
interface OwnerStudent {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  subscriptionStatus: string;
  loginVersion?: number;
}

/** The only student fields that ever leave this service. */
const signedInStudent = (s: OwnerStudent): SignedInStudent => ({
  id: s.id,
  firstName: s.firstName ?? '',
  lastName: s.lastName ?? '',
  subscriptionStatus: normaliseStatus(s.subscriptionStatus),
});

/**
 * The student for these credentials, as svc-students checks them (the password hash never leaves it). Unknown
 * username, wrong password and a removed login all answer the same 401 after the same bcrypt work there.
 */
export async function verifyStudentCredentials(username: string, password: string) {
  const { status, body } = await callInternal<OwnerStudent>('students', 'POST', '/internal/student-logins/verify', {
    studentUsername: username,
    studentPassword: password,
  });
  if (status !== 200) throw unauthorized(API_ERRORS.invalidCredentials);
  return { student: signedInStudent(body), userId: body.userId, loginVersion: body.loginVersion ?? 0 };
}

export async function findSignedInStudent(id: number): Promise<SignedInStudent | null> {
  const { status, body } = await callInternal<OwnerStudent>('students', 'GET', `/internal/students/${id}`);
  return status === 200 ? signedInStudent(body) : null;
}
