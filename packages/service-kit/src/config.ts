import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The repository's root, found from this file whether it runs from its sources or compiled into a service's dist. */
function repositoryRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package-lock.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

const boolish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Settings every service reads; each service extends it with its own. Read once, at start. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  MONGODB_URI: z.string().optional(),
  MONGODB_DB: z.string().default('learner_logbook'),
  DATA_DIR: z.string().default(path.join(repositoryRoot(), '.data')),
  JWT_PUBLIC_KEY: z.string().optional(),
  JWT_PRIVATE_KEY: z.string().optional(),
  COOKIE_SECURE: boolish,
  LOG_LEVEL: z.string().optional(),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

/**
 * Express "trust proxy" from TRUST_PROXY: which peers may speak for the client in X-Forwarded-*. Unset, only
 * loopback, where the gateway runs beside the services under `npm start`; a deployment names its gateway's addresses.
 * With INTERNAL_API_SECRET set, such a peer must also prove it is the gateway (see GATEWAY_SECRET_HEADER).
 */
export function trustProxySetting(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw.trim() === '') return 'loopback';
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/**
 * The header the gateway adds to every request it passes on, carrying the services' shared secret: the proof that
 * the X-Forwarded-* beside it are the gateway's and not a caller's (any container that reaches a service, or the
 * gateway, could otherwise name any client address and step around the per-address sign-in limits).
 */
export const GATEWAY_SECRET_HEADER = 'x-gateway-secret';

/** Tells whether a header holds `secret`, compared in constant time (by SHA-256, so no length is given away). */
export function secretMatcher(secret: string): (given: unknown) => boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  const expected = digest(secret);
  return (given) => typeof given === 'string' && crypto.timingSafeEqual(digest(given), expected);
}

/**
 * The secret a service expects in GATEWAY_SECRET_HEADER: INTERNAL_API_SECRET as configured. Unset (tests of one
 * service alone), the peers TRUST_PROXY names are believed without it.
 */
export function gatewaySecretSetting(raw: string | undefined): string | undefined {
  return raw?.trim() || undefined;
}

/** PUBLIC_ORIGIN as an origin (scheme, host, port), or undefined when unset. */
export function publicOriginSetting(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    return new URL(raw).origin;
  } catch {
    throw new Error(`Invalid configuration: PUBLIC_ORIGIN: not an origin: ${raw}`);
  }
}

/** PEM keys may arrive with literal "\n" when passed through one-line environment variables. */
export const pemFromEnv = (value: string | undefined) => value?.replace(/\\n/g, '\n');
