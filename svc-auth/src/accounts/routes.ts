import type { Request, Response } from 'express';
import { authApi } from '@logbook/contracts/auth-api';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { API_ERRORS, TOASTS } from '@logbook/contracts/messages';
import { cookieOptions, endSession, issueSession, parentOf, readParent } from '@logbook/service-kit/auth';
import { declaredRouter } from '@logbook/service-kit/declared';
import { unauthorized } from '@logbook/service-kit/errors';
import type { RateLimits } from '../config';
import { signInSucceeded } from '../limits/account-lock';
import { admitPasswordCheck } from '../passwords';
import { registrationLimits, signInLimits } from '../rate-limits';
import { findUser, registerUser, verifyCredentials } from './accounts';

/** Clears the cookie with the options it was set with (browsers match on path and flags). */
export function clearSessionCookie(req: Request, res: Response, name: string) {
  const { maxAge: _maxAge, ...options } = cookieOptions(req);
  res.clearCookie(name, options);
}

export function accountsRouter(limits: RateLimits) {
  const { router, route } = declaredRouter(authApi, {
    'POST /api/register': registrationLimits(limits),
    // Admitted to the password workers first: a sign-in refused for load (503) is never counted as a failed one.
    'POST /api/login': [admitPasswordCheck, ...signInLimits(limits, 'email')],
  });

  route('POST /api/register', async ({ body: { email, password, state } }) => {
    await registerUser(email, password, limits, state);
    // One answer whether or not the address already had an account; its owner is emailed instead.
    return { message: TOASTS.registrationSuccess.description };
  });

  route('POST /api/login', async ({ req, res, body: { email, password } }) => {
    const user = await verifyCredentials(email, password);
    await signInSucceeded(res);
    // A browser that was signed in as someone else gives that session up.
    const previous = await readParent(req);
    if (previous) await endSession(previous.sessionId);
    const token = await issueSession({ role: 'parent', userId: user.id, familyId: user.familyId });
    res.cookie(PARENT_COOKIE, token, cookieOptions(req));
    return { id: user.id, email: user.email };
  });

  route('POST /api/logout', async ({ req, res }) => {
    const parent = await readParent(req);
    if (parent) await endSession(parent.sessionId);
    clearSessionCookie(req, res, PARENT_COOKIE);
    return { message: 'Signed out' };
  });

  route('GET /api/user', async ({ res }) => {
    const user = await findUser(parentOf(res).guardianId);
    if (!user) throw unauthorized(API_ERRORS.unauthenticated);
    return user;
  });

  return router;
}
