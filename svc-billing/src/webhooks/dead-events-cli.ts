import mongoose from 'mongoose';
import { initModels } from '@logbook/service-kit/db';
import { loadConfig } from '@logbook/service-kit/config';
import { billingConfigSchema } from '../config';
import { BillingEventModel } from './model';
import { deadEvents, requeueDeadEvents } from './webhooks';

const USAGE = `Usage:
  npm run billing:dead-events                 list the Stripe events set aside after failing every attempt
  npm run billing:dead-events -- retry ID...  put these back in the queue (the running service works them within seconds)
  npm run billing:dead-events -- retry --all  put every one back
Connects to MONGODB_URI (database MONGODB_DB, default learner_logbook).`;

async function main([command = 'list', ...args]: string[]): Promise<number> {
  if ((command !== 'list' && command !== 'retry') || (command === 'retry' && args.length === 0)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(billingConfigSchema);
  if (!config.MONGODB_URI) {
    console.error('Set MONGODB_URI to the database the services use (the in-memory default keeps nothing).');
    return 2;
  }
  await mongoose.connect(config.MONGODB_URI, { dbName: config.MONGODB_DB, autoCreate: false, autoIndex: false });
  try {
    await initModels([BillingEventModel]);
    if (command === 'retry') {
      const retried = await requeueDeadEvents(args.includes('--all') ? undefined : args);
      console.log(`Queued ${retried} event(s) again.`);
      return 0;
    }
    const dead = await deadEvents();
    if (dead.length === 0) console.log('No dead events.');
    for (const e of dead)
      console.log(
        [
          e._id,
          e.type,
          e.objectId ?? '-',
          new Date(e.created).toISOString(),
          `${e.attempts ?? 0} tries`,
          e.lastError,
        ].join('  '),
      );
    return 0;
  } finally {
    await mongoose.disconnect();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
