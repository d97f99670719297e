import type { Express } from 'express';
import { createServiceApp } from '@logbook/service-kit/app';
import { accountsRouter } from './accounts/routes';
import { loadAuthConfig, rateLimitsFrom, type RateLimits } from './config';
import { authEventsRouter, internalAuthRouter } from './internal/routes';
import { studentSessionsRouter } from './student-sessions/routes';

export { sessionStillCurrent } from './student-sessions/login-versions';

export interface AuthAppOptions {
  /** Sign-in and registration limits; read from the environment when not given. */
  rateLimits?: Partial<RateLimits>;
}

/** The auth service: parent accounts and sessions, student sessions. Builds the app; server.ts listens. */
export function createAuthApp(opts: AuthAppOptions = {}): Express {
  const limits: RateLimits = { ...rateLimitsFrom(loadAuthConfig()), ...opts.rateLimits };
  return createServiceApp({
    name: 'svc-auth',
    routers: [accountsRouter(limits), studentSessionsRouter(limits), internalAuthRouter, authEventsRouter],
  });
}
