import { loadConfig } from '@logbook/service-kit/config';
import { runService } from '@logbook/service-kit/server';
import { buildBillingApp, createProvider, models, SERVICE_NAME } from './app';
import { PriceRefused } from './providers/errors';
import { StripeProvider } from './providers/stripe';
import { billingConfigSchema, loadBillingConfig, type BillingConfig } from './config';
import { publisher } from './events/publisher';
import { startNoticeRetries } from './notices/notices';
import { startGraceChecks } from './subscriptions/grace';
import { keepFlagsByChargeback } from './subscriptions/owners';
import { startEventRetries } from './webhooks/webhooks';

// A deployment's index step only builds indexes and never takes payments, so it needs no Stripe secrets.
const indexesOnly = process.argv.includes('--create-indexes');

let config: BillingConfig;
try {
  // Read before anything starts, so production without Stripe's secrets never comes up.
  config = indexesOnly ? loadConfig(billingConfigSchema) : loadBillingConfig();
} catch (err) {
  console.error(`${SERVICE_NAME} will not start: ${(err as Error).message}`);
  process.exit(1);
}

/**
 * With Stripe, the price (configured, or holding the lookup key) and the GST rate are checked before anything starts:
 * a wrong one (another currency, amount, interval or tax) stops the service with a clear line. Stripe not answering only delays the check to the first
 * subscribe, which checks it again.
 */
async function checkPrice(): Promise<void> {
  const { provider } = createProvider(config);
  if (!(provider instanceof StripeProvider)) return;
  try {
    await provider.checkPrice();
  } catch (err) {
    if (err instanceof PriceRefused) {
      console.error(`${SERVICE_NAME} will not start: ${err.message}`);
      process.exit(1);
    }
    console.warn(`${SERVICE_NAME}: the price could not be checked yet (${(err as Error).message})`);
  }
}

void (indexesOnly ? Promise.resolve() : checkPrice())
  .then(() =>
    runService({
      name: SERVICE_NAME,
      defaultPort: 4003,
      models,
      createApp: () => {
        publisher.startRetries();
        startNoticeRetries();
        startGraceChecks();
        void keepFlagsByChargeback().catch((err: unknown) => console.error('dispute flags not moved yet', err));
        const { app, provider } = buildBillingApp(config);
        // Stored webhook events left by a failed attempt, or by a process that stopped mid-way, are worked through.
        startEventRetries(provider);
        return app;
      },
    }),
  )
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
