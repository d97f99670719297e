import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@logbook/service-kit/config';

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const MINUTE = 60_000;

const authConfigSchema = baseConfigSchema.extend({
  /** Window for counting failed sign-in attempts (parent and student). */
  AUTH_RATE_LIMIT_WINDOW_MS: count(15 * MINUTE),
  /** Failed sign-ins allowed per account (email or student username) from one address before each attempt waits. */
  AUTH_RATE_LIMIT_ACCOUNT_MAX: count(10),
  /** The first wait past that allowance; it doubles with every further attempt, up to the longest wait. */
  AUTH_LOCKOUT_BASE_MS: count(MINUTE),
  AUTH_LOCKOUT_MAX_MS: count(60 * MINUTE),
  /** Failed sign-ins allowed per IP address in the window. */
  AUTH_RATE_LIMIT_IP_MAX: count(50),
  AUTH_RATE_LIMIT_REGISTER_WINDOW_MS: count(60 * MINUTE),
  /** Registrations allowed per IP address in the registration window. */
  AUTH_RATE_LIMIT_REGISTER_MAX: count(20),
  AUTH_RATE_LIMIT_RESET_WINDOW_MS: count(60 * MINUTE),
  /**
   * Password-reset emails asked for per email address, and per IP address, in the reset window. The email max also caps
   * the emails telling an owner that someone tried to register their address (per registration window).
   */
  AUTH_RATE_LIMIT_RESET_EMAIL_MAX: count(3),
  AUTH_RATE_LIMIT_RESET_IP_MAX: count(20),
  /** Where mail is sent, e.g. smtp://user:pass@smtp.example.com:587 (required in production). */
  SMTP_URL: z.string().trim().optional(),
  /** The sender of every email. */
  MAIL_FROM: z.string().trim().min(3).default('Learner Logbook <no-reply@learner-logbook.local>'),
  /** The address families open: links in emails point there. */
  PUBLIC_ORIGIN: z.string().trim().optional(),
  /** Where links in emails point when it is not PUBLIC_ORIGIN (a local stack's own address). */
  MAIL_LINK_ORIGIN: z.string().trim().optional(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export interface RateLimits {
  signInWindowMs: number;
  signInPerAccount: number;
  signInPerIp: number;
  registerWindowMs: number;
  registerPerIp: number;
  lockoutBaseMs: number;
  lockoutMaxMs: number;
  resetWindowMs: number;
  resetPerEmail: number;
  resetPerIp: number;
}

export function rateLimitsFrom(config: AuthConfig): RateLimits {
  return {
    signInWindowMs: config.AUTH_RATE_LIMIT_WINDOW_MS,
    signInPerAccount: config.AUTH_RATE_LIMIT_ACCOUNT_MAX,
    signInPerIp: config.AUTH_RATE_LIMIT_IP_MAX,
    registerWindowMs: config.AUTH_RATE_LIMIT_REGISTER_WINDOW_MS,
    registerPerIp: config.AUTH_RATE_LIMIT_REGISTER_MAX,
    lockoutBaseMs: config.AUTH_LOCKOUT_BASE_MS,
    lockoutMaxMs: config.AUTH_LOCKOUT_MAX_MS,
    resetWindowMs: config.AUTH_RATE_LIMIT_RESET_WINDOW_MS,
    resetPerEmail: config.AUTH_RATE_LIMIT_RESET_EMAIL_MAX,
    resetPerIp: config.AUTH_RATE_LIMIT_RESET_IP_MAX,
  };
}

export const loadAuthConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(authConfigSchema, env);

/** The mail settings every email is sent with; npm start points SMTP_URL at its local inbox. */
export interface MailSettings {
  smtpUrl?: string;
  from: string;
  /** Links in emails start here. */
  publicOrigin: string;
}

const DEFAULT_PUBLIC_ORIGIN = 'http://localhost:8080';

export function mailSettingsFrom(config: AuthConfig): MailSettings {
  return {
    smtpUrl: config.SMTP_URL || undefined,
    from: config.MAIL_FROM,
    publicOrigin: (config.MAIL_LINK_ORIGIN || config.PUBLIC_ORIGIN || DEFAULT_PUBLIC_ORIGIN).replace(/\/+$/, ''),
  };
}
