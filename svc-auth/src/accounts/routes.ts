import { Router, type Request, type Response } from 'express';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { API_ERRORS, TOASTS } from '@logbook/contracts/messages';
import type { SignedOut } from '@logbook/contracts/responses';
import { registrationSchema, type AccountMessage } from '@logbook/contracts/account';
import { loginSchema } from '@logbook/contracts/schemas';
import {
  cookieOptions,
  endSession,
  issueSession,
  parentOf,
  readParent,
  requireParent,
} from '@logbook/service-kit/auth';
import { parseOr400, unauthorized } from '@logbook/service-kit/errors';
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

export function accountsRouter(limits: RateLimits): Router {
  const router = Router();

  router.post('/api/register', ...registrationLimits(limits), async (req, res) => {
    const { email, password, state } = parseOr400(registrationSchema, req.body);
    await registerUser(email, password, limits, state);
    // One answer whether or not the address already had an account; its owner is emailed instead.
    res.status(201).json({ message: TOASTS.registrationSuccess.description } satisfies AccountMessage);
  });

  // Admitted to the password workers first: a sign-in refused for load (503) is never counted as a failed one.
  router.post('/api/login', admitPasswordCheck, ...signInLimits(limits, 'email'), async (req, res) => {
    const { email, password } = parseOr400(loginSchema, req.body);
    const user = await verifyCredentials(email, password);
    await signInSucceeded(res);
    // A browser that was signed in as someone else gives that session up.
    const previous = await readParent(req);
    if (previous) await endSession(previous.sessionId);
    const token = await issueSession({ role: 'parent', userId: user.id });
    res.cookie(PARENT_COOKIE, token, cookieOptions(req));
    res.json(user);
  });

  router.post('/api/logout', async (req, res) => {
    const parent = await readParent(req);
    if (parent) await endSession(parent.sessionId);
    clearSessionCookie(req, res, PARENT_COOKIE);
    res.json({ message: 'Signed out' } satisfies SignedOut);
  });

  router.get('/api/user', requireParent, async (_req, res) => {
    const user = await findUser(parentOf(res).userId);
    if (!user) throw unauthorized(API_ERRORS.unauthenticated);
    res.json(user);
  });

  return router;
}
