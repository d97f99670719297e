import { runService } from '@logbook/service-kit/server';
import { createApp, models, SERVICE_NAME } from './app';
import { loadBillingConfig, type BillingConfig } from './config';

let config: BillingConfig;
try {
  // Read before anything starts, so production without Stripe's secrets never comes up.
  config = loadBillingConfig();
} catch (err) {
  console.error(`${SERVICE_NAME} will not start: ${(err as Error).message}`);
  process.exit(1);
}

void runService({ name: SERVICE_NAME, defaultPort: 4003, models, createApp: () => createApp(config) }).catch((err) => {
  console.error(err);
  process.exit(1);
});
