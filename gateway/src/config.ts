import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '@logbook/service-kit/config';
import type { FrontEndName } from './frontEndUpstreams';
import type { ServiceName } from './routes';

const REPO_ROOT = path.resolve(__dirname, '../..');

/** `text` as an http:// base URL (no trailing slash); undefined, with the issue noted, when it is not one. */
function httpBase(text: string, shown: string, reached: string, ctx: z.RefinementCtx): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: `not a URL: ${shown}` });
    return undefined;
  }
  if (url.protocol !== 'http:') {
    ctx.addIssue({ code: 'custom', message: `${reached} are reached over http://, not ${url.protocol}` });
    return undefined;
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** One or more comma-separated http:// base URLs: several instances of one service share its traffic. */
const upstreamList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const urls = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const parsed: string[] = [];
      for (const raw of urls) {
        const base = httpBase(raw, raw, 'services', ctx);
        if (base === undefined) return z.NEVER;
        parsed.push(base);
      }
      if (parsed.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'at least one URL is needed' });
        return z.NEVER;
      }
      return parsed;
    });

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const originOrUndefined = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    try {
      return new URL(value).origin;
    } catch {
      ctx.addIssue({ code: 'custom', message: `not an origin: ${value}` });
      return z.NEVER;
    }
  });

const frontEndUrl = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return undefined;
    return httpBase(value.trim(), value, 'front ends', ctx) ?? z.NEVER;
  });

const gatewayConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: positiveInt(8080),
  AUTH_SERVICE_URL: upstreamList('http://127.0.0.1:4001'),
  STUDENTS_SERVICE_URL: upstreamList('http://127.0.0.1:4002'),
  BILLING_SERVICE_URL: upstreamList('http://127.0.0.1:4003'),
  LOGBOOK_SERVICE_URL: upstreamList('http://127.0.0.1:4004'),
  /** A service that has not started answering within this time gets a 504. */
  UPSTREAM_TIMEOUT_MS: positiveInt(5000),
  /**
   * The same for svc-billing, which answers a subscribe only once Stripe has: at least its STRIPE_TIMEOUT_MS times
   * (STRIPE_MAX_NETWORK_RETRIES + 1).
   */
  BILLING_TIMEOUT_MS: positiveInt(50_000),
  HEALTH_TIMEOUT_MS: positiveInt(1500),
  MAX_BODY_BYTES: positiveInt(2 * 1024 * 1024),
  /** The app's own origin for the Origin check; without it, the request's own scheme and host. */
  PUBLIC_ORIGIN: originOrUndefined,
  GEOCODE_ORIGIN: originOrUndefined.transform((v) => v ?? 'https://api.bigdatacloud.net'),
  /**
   * Express "trust proxy": set it to the TLS terminator or load balancer in front of the gateway, and to nothing
   * else: whoever it names may say who the caller is.
   */
  TRUST_PROXY: z.string().optional(),
  /** The services' shared secret, sent with every proxied request: the services believe X-Forwarded-* only with it. */
  INTERNAL_API_SECRET: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  /** A front end's own static-file server; unset, the gateway serves that front end's local build. */
  SHELL_URL: frontEndUrl,
  MF_PARENT_URL: frontEndUrl,
  MF_STUDENT_URL: frontEndUrl,
  MF_SESSIONS_URL: frontEndUrl,
  SHELL_DIST: z.string().default(path.join(REPO_ROOT, 'shell', 'dist')),
  /** Holds mf-parent/dist, mf-student/dist and mf-sessions/dist. */
  MF_DIST_ROOT: z.string().default(REPO_ROOT),
});

export interface GatewayConfig {
  port: number;
  upstreams: Record<ServiceName, string[]>;
  upstreamTimeoutMs: number;
  billingTimeoutMs: number;
  healthTimeoutMs: number;
  maxBodyBytes: number;
  publicOrigin?: string;
  geocodeOrigin: string;
  trustProxy: boolean | number | string;
  /** Proves to the services that a request's X-Forwarded-* come from the gateway; unset, they are sent without it. */
  internalSecret?: string;
  shellDist: string;
  mfDistRoot: string;
  /** Front ends served by their own servers; the others are served from their local builds. */
  frontEndUrls?: Partial<Record<FrontEndName, string>>;
}

function trustProxyValue(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const c = loadConfig(gatewayConfigSchema, env);
  const upstreams = {
    auth: c.AUTH_SERVICE_URL,
    students: c.STUDENTS_SERVICE_URL,
    billing: c.BILLING_SERVICE_URL,
    logbook: c.LOGBOOK_SERVICE_URL,
  } satisfies Record<ServiceName, string[]>;
  if (c.NODE_ENV === 'production' && !c.INTERNAL_API_SECRET) {
    // The services would take every caller for the gateway itself: one stranger's failed sign-ins would hold up all.
    throw new Error('Invalid configuration: INTERNAL_API_SECRET is required in production');
  }
  return {
    port: c.PORT,
    upstreams,
    upstreamTimeoutMs: c.UPSTREAM_TIMEOUT_MS,
    billingTimeoutMs: c.BILLING_TIMEOUT_MS,
    healthTimeoutMs: c.HEALTH_TIMEOUT_MS,
    maxBodyBytes: c.MAX_BODY_BYTES,
    publicOrigin: c.PUBLIC_ORIGIN,
    geocodeOrigin: c.GEOCODE_ORIGIN,
    trustProxy: trustProxyValue(c.TRUST_PROXY),
    internalSecret: c.INTERNAL_API_SECRET,
    shellDist: path.resolve(c.SHELL_DIST),
    mfDistRoot: path.resolve(c.MF_DIST_ROOT),
    frontEndUrls: Object.fromEntries(
      Object.entries({
        shell: c.SHELL_URL,
        'mf-parent': c.MF_PARENT_URL,
        'mf-student': c.MF_STUDENT_URL,
        'mf-sessions': c.MF_SESSIONS_URL,
      }).filter(([, url]) => url !== undefined),
    ),
  };
}
