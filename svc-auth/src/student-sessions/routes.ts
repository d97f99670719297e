import { Router } from 'express';
import { STUDENT_COOKIE } from '@logbook/contracts/constants';
import { API_ERRORS } from '@logbook/contracts/messages';
import type { SignedOut } from '@logbook/contracts/responses';
import { studentCredentialsSchema, type StudentAuth } from '@logbook/contracts/schemas';
import {
  cookieOptions,
  endSession,
  issueSession,
  readStudent,
  requireStudent,
  studentOf,
} from '@logbook/service-kit/auth';
import { parseOr400, unauthorized } from '@logbook/service-kit/errors';
import { clearSessionCookie } from '../accounts/routes';
import type { RateLimits } from '../config';
import { signInSucceeded } from '../limits/account-lock';
import { signInLimits } from '../rate-limits';
import { sessionStillCurrent } from './login-versions';
import { findSignedInStudent, verifyStudentCredentials } from './student-sessions';

export function studentSessionsRouter(limits: RateLimits): Router {
  const router = Router();

  router.post('/api/student-login', ...signInLimits(limits, 'studentUsername'), async (req, res) => {
    const { studentUsername, studentPassword } = parseOr400(studentCredentialsSchema, req.body);
    const { student, userId, loginVersion } = await verifyStudentCredentials(studentUsername, studentPassword);
    await signInSucceeded(res);
    const previous = await readStudent(req);
    if (previous) await endSession(previous.sessionId);
    const token = await issueSession({ role: 'student', studentId: student.id, userId, loginVersion });
    // The login changed while these credentials were being checked: they belonged to the old one.
    if (!(await sessionStillCurrent(student.id, loginVersion))) throw unauthorized(API_ERRORS.invalidCredentials);
    res.cookie(STUDENT_COOKIE, token, cookieOptions(req));
    res.json({ student } satisfies { student: StudentAuth });
  });

  router.get('/api/student-auth', requireStudent, async (_req, res) => {
    const student = await findSignedInStudent(studentOf(res).studentId);
    if (!student) throw unauthorized();
    res.json({ student } satisfies { student: StudentAuth });
  });

  router.post('/api/student-logout', async (req, res) => {
    const student = await readStudent(req);
    if (student) await endSession(student.sessionId);
    clearSessionCookie(req, res, STUDENT_COOKIE);
    res.json({ message: 'Signed out' } satisfies SignedOut);
  });

  return router;
}
