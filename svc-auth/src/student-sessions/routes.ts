import { authApi } from '@logbook/contracts/auth-api';
import { STUDENT_COOKIE } from '@logbook/contracts/constants';
import { API_ERRORS } from '@logbook/contracts/messages';
import { cookieOptions, endSession, issueSession, readStudent, studentOf } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
import { unauthorized } from '@logbook/service-kit/errors';
import { clearSessionCookie } from '../accounts/routes';
import type { RateLimits } from '../config';
import { signInSucceeded } from '../limits/account-lock';
import { signInLimits } from '../rate-limits';
import { sessionStillCurrent } from './login-versions';
import { findSignedInStudent, verifyStudentCredentials } from './student-sessions';

export function studentSessionsRouter(limits: RateLimits) {
  const { router, route } = declaredRouter(authApi, {
    'POST /api/student-login': signInLimits(limits, 'studentUsername'),
  });

  route('POST /api/student-login', async ({ req, res, body: { studentUsername, studentPassword } }) => {
    const { student, userId, loginVersion } = await verifyStudentCredentials(studentUsername, studentPassword);
    await signInSucceeded(res);
    const previous = await readStudent(req);
    if (previous) await endSession(previous.sessionId);
    const token = await issueSession({ role: 'student', studentId: student.id, userId, loginVersion });
    // The login changed while these credentials were being checked: they belonged to the old one.
    if (!(await sessionStillCurrent(student.id, loginVersion))) throw unauthorized(API_ERRORS.invalidCredentials);
    res.cookie(STUDENT_COOKIE, token, cookieOptions(req));
    return { student };
  });

  route('GET /api/student-auth', async ({ res }) => {
    const student = await findSignedInStudent(studentOf(res).studentId);
    if (!student) throw unauthorized();
    return { student };
  });

  route('POST /api/student-logout', async ({ req, res }) => {
    const student = await readStudent(req);
    if (student) await endSession(student.sessionId);
    clearSessionCookie(req, res, STUDENT_COOKIE);
    return { message: 'Signed out' };
  });

  return router;
}
