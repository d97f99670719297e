import crypto from 'node:crypto';
import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@logbook/service-kit/config';

/** Compose and .env files often pass an empty value for "not set". */
const optionalText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().optional(),
);
const optionalNumber = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

export const billingConfigSchema = baseConfigSchema.extend({
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_ID: optionalText,
  STRIPE_TAX_RATE_ID: optionalText,
  /** Where the Stripe SDK sends requests: a local Stripe-shaped server in tests. */
  STRIPE_API_HOST: optionalText,
  STRIPE_API_PORT: optionalNumber,
  STRIPE_API_PROTOCOL: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['http', 'https']).optional()),
  STRIPE_TIMEOUT_MS: optionalNumber.transform((v) => v ?? 20_000),
  STRIPE_MAX_NETWORK_RETRIES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(5).default(1),
  ),
  /** Coupon look-ups allowed in an hour, per parent account and per address (see coupons/limits.ts). */
  COUPON_LOOKUPS_PER_ACCOUNT: optionalNumber.transform((v) => v ?? 10),
  COUPON_LOOKUPS_PER_ADDRESS: optionalNumber.transform((v) => v ?? 30),
  /** Days past a period's start that logging stays open while Stripe retries its failed payment (past_due). */
  BILLING_GRACE_DAYS: optionalNumber.transform((v) => v ?? 14),
  /** Failures after which a webhook event is set aside as dead (`npm run billing:dead-events` lists and retries). */
  BILLING_EVENT_MAX_ATTEMPTS: optionalNumber.transform((v) => v ?? 10),
  /** Signs the simulated provider's events; they never leave the process, so a fresh one per start is enough. */
  SIMULATED_WEBHOOK_SECRET: optionalText.transform(
    (v) => v ?? `whsec_simulated_${crypto.randomBytes(24).toString('hex')}`,
  ),
});
export type BillingConfig = z.output<typeof billingConfigSchema>;

/** Read once at start. Production takes real payments only: it refuses to start without Stripe's secrets. */
export function loadBillingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  const config = loadConfig(billingConfigSchema, env);
  if (config.NODE_ENV === 'production') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const).filter(
      (name) => !config[name],
    );
    if (missing.length > 0) throw new Error(`${missing.join(', ')} must be set in production`);
  }
  return config;
}

export const usesStripe = (config: BillingConfig) => Boolean(config.STRIPE_SECRET_KEY);
