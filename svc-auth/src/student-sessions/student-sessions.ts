import { API_ERRORS } from '@logbook/contracts/messages';
import { normaliseStatus } from '@logbook/contracts/subscription';
import type { StudentAuth } from '@logbook/contracts/schemas';
import { unauthorized } from '@logbook/service-kit/errors';
import { internalStudentSchema, verifiedStudentSchema, type VerifiedStudent } from '@logbook/contracts/internal-api';
import { callInternal } from '@logbook/service-kit/internal';

/** The student as the sign-in and student-auth answers carry them. */
export type SignedInStudent = StudentAuth;

/** The only student fields that ever leave this service. */
const signedInStudent = (s: Omit<VerifiedStudent, 'loginVersion'>): SignedInStudent => ({
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
  const reply = await callInternal(verifiedStudentSchema, 'students', 'POST', '/internal/student-logins/verify', {
    studentUsername: username,
    studentPassword: password,
  });
  if (!reply.ok) throw unauthorized(API_ERRORS.invalidCredentials);
  const { body } = reply;
  return { student: signedInStudent(body), userId: body.userId, loginVersion: body.loginVersion };
}

export async function findSignedInStudent(id: number): Promise<SignedInStudent | null> {
  const reply = await callInternal(internalStudentSchema, 'students', 'GET', `/internal/students/${id}`);
  return reply.ok ? signedInStudent(reply.body) : null;
}
