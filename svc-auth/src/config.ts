import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@logbook/service-kit/config';

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const MINUTE = 60_000;

export const authConfigSchema = baseConfigSchema.extend({
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
  };
}

export const loadAuthConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(authConfigSchema, env);
