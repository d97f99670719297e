import type { Express } from 'express';
import { createServiceApp } from '@logbook/service-kit/app';
import { accountsRouter } from './accounts/routes';
import { loadAuthConfig, mailSettingsFrom, rateLimitsFrom, type MailSettings, type RateLimits } from './config';
import { familyRouter } from './family/routes';
import { guardiansRouter } from './guardians/routes';
import { authEventsRouter, internalAuthRouter } from './internal/routes';
import { configureMail, type MailQueueOptions } from './mail/queue';
import { passwordResetRouter } from './password-reset/routes';
import { studentSessionsRouter } from './student-sessions/routes';

export { sessionStillCurrent } from './student-sessions/login-versions';

export interface AuthAppOptions {
  /** Sign-in and registration limits; read from the environment when not given. */
  rateLimits?: Partial<RateLimits>;
  /** Where mail goes and how the queue retries; read from the environment when not given. */
  mail?: MailSettings;
  mailQueue?: Partial<MailQueueOptions>;
}

/** The auth service: parent accounts and sessions, student sessions. Builds the app; server.ts listens. */
export function createAuthApp(opts: AuthAppOptions = {}): Express {
  const config = loadAuthConfig();
  const limits: RateLimits = { ...rateLimitsFrom(config), ...opts.rateLimits };
  configureMail(opts.mail ?? mailSettingsFrom(config), opts.mailQueue);
  return createServiceApp({
    name: 'svc-auth',
    routers: [
      accountsRouter(limits),
      passwordResetRouter(limits),
      familyRouter(limits),
      guardiansRouter(),
      studentSessionsRouter(limits),
      internalAuthRouter,
      authEventsRouter,
    ],
  });
}
