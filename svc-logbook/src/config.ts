import type { Request } from 'express';
import { z } from 'zod';
import { loadConfig } from '@logbook/service-kit/config';

const logbookConfigSchema = z.object({
  /**
   * Where people open the product: the verification link printed on every log book points there. Without it, the
   * origin each request came through.
   */
  PUBLIC_ORIGIN: z
    .url()
    .optional()
    .transform((url) => url?.replace(/\/+$/, '')),
  /**
   * How long an anonymous verification answer is reused while the chain head stays put; a change made in the database
   * behind the service's back shows once the answer is this old.
   */
  VERIFY_REUSE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * The day South Australia's lesson credit comes into force (YYYY-MM-DD). Unset: the date written in the rules
   * (none until the state publishes it), so lessons count as plain hours.
   */
  SA_LESSON_CREDIT_FROM: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /**
   * Sessions a family may post in an hour (new entries and corrections, from every device): far above any real use,
   * even an outbox sending a week of drives at once, and a bound on how many signature images one family makes us decode.
   */
  SESSION_POSTS_PER_HOUR: z.coerce.number().int().min(1).default(300),
  /**
   * Requests for a signature one supervisor's mailbox may be sent in any 24 hours, whichever families ask: several
   * families' allowances (5 each), so one family spending its own never stops another asking a shared instructor.
   */
  SIGN_OFF_REQUESTS_PER_SUPERVISOR: z.coerce.number().int().min(1).default(20),
});

let loaded: z.output<typeof logbookConfigSchema> | undefined;

export function logbookConfig() {
  loaded ??= loadConfig(logbookConfigSchema);
  return loaded;
}

/** The origin of a local `npm start`, for a request whose own origin cannot be told. */
const FALLBACK_ORIGIN = 'http://localhost:8080';
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin links into the app are built on: PUBLIC_ORIGIN when set, else the scheme and host the request came
 * through. Express reads those from the gateway's X-Forwarded-Proto and X-Forwarded-Host only when the hop that sent
 * them is trusted (TRUST_PROXY); a host that is not a plain host name and port is not put in a link.
 */
export function publicOrigin(req: Request): string {
  const configured = logbookConfig().PUBLIC_ORIGIN;
  if (configured) return configured;
  const { protocol, host } = req;
  if ((protocol === 'http' || protocol === 'https') && host && HOST.test(host)) return `${protocol}://${host}`;
  return FALLBACK_ORIGIN;
}
