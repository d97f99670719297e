import mongoose from 'mongoose';
import { AppError } from '@logbook/service-kit/errors';
import { initModels } from '@logbook/service-kit/db';
import { CounterModel } from '@logbook/service-kit/counters';
import { loadConfig } from '@logbook/service-kit/config';
import { billingConfigSchema } from '../config';
import { createCoupon, listCoupons, type CouponView } from './coupons';
import { CouponModel } from './model';

const USAGE = `Usage:
  npm run coupons -w svc-billing -- create CODE PERCENT [--max-uses N] [--expires YYYY-MM-DD] [--inactive]
  npm run coupons -w svc-billing -- list
Connects to MONGODB_URI (database MONGODB_DB, default learner_logbook).`;

class UsageError extends Error {}

function parseCreate(args: string[]) {
  const [code, percent, ...rest] = args;
  if (!code || percent === undefined) throw new UsageError('create needs a CODE and a PERCENT');
  if (!/^\d{1,3}$/.test(percent)) throw new UsageError('PERCENT must be a whole number from 0 to 100');
  const input: { code: string; discountPercent: number; maxUses?: number; expiresAt?: string; isActive?: boolean } = {
    code,
    discountPercent: Number(percent),
  };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    if (flag === '--inactive') input.isActive = false;
    else if (flag === '--max-uses') {
      const value = rest[++i];
      if (!value || !/^\d+$/.test(value)) throw new UsageError('--max-uses needs a whole number');
      input.maxUses = Number(value);
    } else if (flag === '--expires') {
      const value = rest[++i];
      if (!value || Number.isNaN(Date.parse(value))) throw new UsageError('--expires needs a date (YYYY-MM-DD)');
      input.expiresAt = value;
    } else throw new UsageError(`Unknown option ${flag}`);
  }
  return input;
}

const row = (c: CouponView) =>
  [
    c.code.padEnd(16),
    `${c.discountPercent}%`.padStart(5),
    (c.isActive ? 'active' : 'inactive').padEnd(9),
    `${c.usedCount}/${c.maxUses ?? '∞'}`.padStart(9),
    c.expiresAt ? `expires ${c.expiresAt.slice(0, 10)}` : 'no expiry',
  ].join('  ');

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command !== 'create' && command !== 'list') {
    console.error(USAGE);
    return command ? 2 : 0;
  }
  // Only the database settings matter here: managing coupons needs no Stripe secrets.
  const config = loadConfig(billingConfigSchema);
  if (!config.MONGODB_URI) {
    console.error('Set MONGODB_URI to the database the services use (the in-memory default keeps nothing).');
    return 2;
  }
  const input = command === 'create' ? parseCreate(args) : undefined;
  await mongoose.connect(config.MONGODB_URI, {
    dbName: config.MONGODB_DB,
    autoCreate: false,
    autoIndex: false,
    serverSelectionTimeoutMS: 5000,
  });
  try {
    await initModels([CounterModel, CouponModel]);
    if (input) {
      const coupon = await createCoupon(input);
      console.log(`Created coupon ${row(coupon)}`);
    } else {
      const coupons = await listCoupons();
      if (coupons.length === 0) console.log('No coupons yet.');
      for (const coupon of coupons) console.log(row(coupon));
    }
    return 0;
  } finally {
    await mongoose.disconnect();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
    else if (err instanceof AppError) console.error(err.message);
    else console.error(err);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
