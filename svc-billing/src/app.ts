import type { Express, Router } from 'express';
import { createServiceApp } from '@logbook/service-kit/app';
import { logger } from '@logbook/service-kit/logger';
import type { BillingConfig } from './config';
import { usesStripe } from './config';
import { CouponLimitModel } from './coupons/limits';
import { CouponModel } from './coupons/model';
import { BillingOutboxModel } from './events/publisher';
import { BillingNoticeModel } from './notices/notices';
import type { PaymentProvider } from './providers/provider';
import { SimulatedProvider } from './providers/simulated';
import { SimulatedSubscriptionModel } from './providers/simulated-model';
import { StripeProvider } from './providers/stripe';
import { familiesRouter } from './families/routes';
import { simulationRouter } from './simulation/routes';
import { studentEventsRouter } from './students/events';
import {
  BillingCustomerModel,
  ChargebackModel,
  FreeMonthModel,
  StudentBillingModel,
  StudentRemovalModel,
  StudentTrialModel,
  SubscriptionRecordModel,
} from './subscriptions/model';
import { subscriptionsRouter } from './subscriptions/routes';
import { setGraceDays } from './subscriptions/status';
import { BillingEventModel } from './webhooks/model';
import { mountRawWebhookBody, webhooksRouter } from './webhooks/routes';
import { deadEventCount, receiveWebhook, setDeadAfter } from './webhooks/webhooks';

export const SERVICE_NAME = 'svc-billing';

/** The collections this service owns (their indexes are created at start). */
export const models = [
  CouponModel,
  CouponLimitModel,
  BillingEventModel,
  SubscriptionRecordModel,
  SimulatedSubscriptionModel,
  StudentTrialModel,
  FreeMonthModel,
  StudentBillingModel,
  BillingCustomerModel,
  ChargebackModel,
  StudentRemovalModel,
  BillingOutboxModel,
  BillingNoticeModel,
];

export interface BillingApp {
  app: Express;
  provider: PaymentProvider;
}

/** Stripe when a secret key is configured (always in production), else the simulated provider. */
export function createProvider(config: BillingConfig): { provider: PaymentProvider; webhookSecret?: string } {
  if (usesStripe(config)) {
    if (!config.STRIPE_WEBHOOK_SECRET) logger.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused');
    return {
      provider: new StripeProvider({
        secretKey: config.STRIPE_SECRET_KEY!,
        publishableKey: config.STRIPE_PUBLISHABLE_KEY,
        priceId: config.STRIPE_PRICE_ID,
        taxRateId: config.STRIPE_TAX_RATE_ID,
        host: config.STRIPE_API_HOST,
        port: config.STRIPE_API_PORT,
        protocol: config.STRIPE_API_PROTOCOL,
        timeoutMs: config.STRIPE_TIMEOUT_MS,
        maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
      }),
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    };
  }
  const secret = config.SIMULATED_WEBHOOK_SECRET;
  // Simulated events take the same path as Stripe's: signed, then checked and applied by the webhook handler.
  const provider: SimulatedProvider = new SimulatedProvider(secret, (payload, header) =>
    receiveWebhook(payload, header, secret, provider, { wait: true }),
  );
  return { provider, webhookSecret: secret };
}

export function buildBillingApp(config: BillingConfig): BillingApp {
  const { provider, webhookSecret } = createProvider(config);
  const options = {
    provider,
    inFlightWaitMs: 5_000,
    staleAfterMs: Math.max(120_000, 3 * config.STRIPE_TIMEOUT_MS * (config.STRIPE_MAX_NETWORK_RETRIES + 1)),
  };
  const couponLookups = {
    perAccount: config.COUPON_LOOKUPS_PER_ACCOUNT,
    perAddress: config.COUPON_LOOKUPS_PER_ADDRESS,
  };
  const routers: Router[] = [subscriptionsRouter(options, couponLookups), webhooksRouter(webhookSecret, provider)];
  routers.push(familiesRouter(options), studentEventsRouter);
  if (provider instanceof SimulatedProvider && config.NODE_ENV !== 'production') {
    routers.push(simulationRouter(provider));
  }
  logger.info({ provider: provider.kind }, 'billing provider');
  setDeadAfter(config.BILLING_EVENT_MAX_ATTEMPTS);
  setGraceDays(config.BILLING_GRACE_DAYS);
  const app = createServiceApp({
    name: SERVICE_NAME,
    routers,
    beforeJson: mountRawWebhookBody,
    readyDetails: async () => ({ deadEvents: await deadEventCount() }),
  });
  return { app, provider };
}

export const createApp = (config: BillingConfig): Express => buildBillingApp(config).app;
