import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createApp } from '../src/app';
import { createCoupon, redeemCoupon } from '../src/coupons/coupons';
import { CouponModel } from '../src/coupons/model';
import { SimulatedSubscriptionModel } from '../src/providers/simulated-model';
import { makeFamily, rawStudent, testConfig, testModels } from './fixtures';

const run = promisify(execFile);
const app = createApp(testConfig());
let dbName: string;

beforeAll(async () => {
  ({ dbName } = await setupTestDatabase(testModels));
});
afterAll(teardownTestDatabase);

const create = (cookie: string, body: object) =>
  request(app).post('/api/create-subscription').set('Cookie', cookie).send(body);
const usedCount = async (code: string) => (await CouponModel.findOne({ code }).lean())!.usedCount;

describe('coupons', () => {
  it('keeps the spec defaults and one coupon per code', async () => {
    const coupon = await createCoupon({ code: 'welcome' });
    expect(coupon).toMatchObject({
      code: 'WELCOME',
      discountPercent: 0,
      isActive: true,
      usedCount: 0,
      maxUses: null,
      expiresAt: null,
    });
    expect(coupon.id).toEqual(expect.any(Number));
    await expect(createCoupon({ code: 'WELCOME', discountPercent: 10 })).rejects.toMatchObject({ status: 409 });
    await expect(createCoupon({ code: 'a', discountPercent: 10 })).rejects.toMatchObject({ status: 400 });
  });

  it('applies a coupon to the subscription and counts the use', async () => {
    await createCoupon({ code: 'FRIEND50', discountPercent: 50, maxUses: 5 });
    const f = await makeFamily();
    const res = await create(f.cookie, { studentId: f.studentId, couponCode: 'friend50' });
    expect(res.status).toBe(200);
    expect((await SimulatedSubscriptionModel.findById(res.body.subscriptionId).lean())!.percentOff).toBe(50);
    expect(await usedCount('FRIEND50')).toBe(1);
    // Getting the same waiting subscription back does not count again.
    expect((await create(f.cookie, { studentId: f.studentId, couponCode: 'FRIEND50' })).status).toBe(200);
    expect(await usedCount('FRIEND50')).toBe(1);
  });

  // One answer for every code that cannot be used, so that no answer tells a guesser that a code exists.
  it.each([
    ['an unknown coupon', 'NOSUCH'],
    ['an inactive coupon', 'PAUSED'],
    ['an expired coupon', 'OLDNEWS'],
    ['a used-up coupon', 'GONE'],
    ['a coupon whose invoice the provider cannot charge', 'TOOSMALL'],
    ['a code no coupon could have', 'NO SUCH'],
  ])('refuses %s with the one answer, 400, making no subscription', async (_name, code) => {
    await CouponModel.updateOne(
      { code: 'PAUSED' },
      {
        $setOnInsert: {
          _id: 900001,
          code: 'PAUSED',
          discountPercent: 10,
          isActive: false,
          usedCount: 0,
          createdAt: new Date(),
        },
      },
      { upsert: true },
    );
    await CouponModel.updateOne(
      { code: 'OLDNEWS' },
      {
        $setOnInsert: {
          _id: 900002,
          code: 'OLDNEWS',
          discountPercent: 10,
          isActive: true,
          usedCount: 0,
          expiresAt: new Date(Date.now() - 1000),
          createdAt: new Date(),
        },
      },
      { upsert: true },
    );
    await CouponModel.updateOne(
      { code: 'GONE' },
      {
        $setOnInsert: {
          _id: 900003,
          code: 'GONE',
          discountPercent: 10,
          isActive: true,
          usedCount: 2,
          maxUses: 2,
          createdAt: new Date(),
        },
      },
      { upsert: true },
    );
    await CouponModel.updateOne(
      { code: 'TOOSMALL' },
      {
        $setOnInsert: {
          _id: 900004,
          code: 'TOOSMALL',
          discountPercent: 60,
          isActive: true,
          usedCount: 0,
          createdAt: new Date(),
        },
      },
      { upsert: true },
    );
    const f = await makeFamily();
    const res = await create(f.cookie, { studentId: f.studentId, couponCode: code });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: BILLING_ERRORS.couponUnusable });
    expect(await SimulatedSubscriptionModel.countDocuments({ studentId: f.studentId })).toBe(0);
    expect((await rawStudent(f.studentId))!.subscriptionStatus).toBe('inactive');
    // A failed coupon does not hold the student: without it the subscription starts.
    expect((await create(f.cookie, { studentId: f.studentId })).status).toBe(200);
  });

  it('lets exactly one of two parents racing for the last use have it', async () => {
    await createCoupon({ code: 'LASTSLOT', discountPercent: 30, maxUses: 1 });
    const [a, b] = await Promise.all([makeFamily(), makeFamily()]);
    const answers = await Promise.all([
      create(a.cookie, { studentId: a.studentId, couponCode: 'LASTSLOT' }),
      create(b.cookie, { studentId: b.studentId, couponCode: 'LASTSLOT' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.status === 400)!.body).toEqual({ message: BILLING_ERRORS.couponUnusable });
    expect(await usedCount('LASTSLOT')).toBe(1);
  });

  it('never counts past maxUses under many concurrent uses', async () => {
    await createCoupon({ code: 'THREE', discountPercent: 10, maxUses: 3 });
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => redeemCoupon('THREE')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await usedCount('THREE')).toBe(3);
  });
});

describe('coupon command', () => {
  const root = path.resolve(__dirname, '../..');
  const env = () => ({
    ...process.env,
    MONGODB_URI: process.env.MONGODB_URI!,
    MONGODB_DB: dbName,
    LOG_LEVEL: 'silent',
  });

  it('creates and lists coupons in the database it is pointed at', async () => {
    const made = await run(
      'npm',
      [
        'run',
        '--silent',
        'coupons',
        '-w',
        'svc-billing',
        '--',
        'create',
        'spring25',
        '25',
        '--max-uses',
        '100',
        '--expires',
        '2099-01-31',
      ],
      {
        cwd: root,
        env: env(),
      },
    );
    expect(made.stdout).toContain('Created coupon SPRING25');
    expect(await CouponModel.findOne({ code: 'SPRING25' }).lean()).toMatchObject({
      discountPercent: 25,
      maxUses: 100,
      usedCount: 0,
      isActive: true,
      expiresAt: new Date('2099-01-31'),
    });
    const listed = await run('npm', ['run', '--silent', 'coupons', '-w', 'svc-billing', '--', 'list'], {
      cwd: root,
      env: env(),
    });
    expect(listed.stdout).toMatch(/SPRING25\s+25%\s+active\s+0\/100\s+expires 2099-01-31/);
  }, 60_000);

  it('explains its usage and refuses bad arguments', async () => {
    const cli = path.join(root, 'svc-billing/src/coupons/cli.ts');
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    await expect(run(tsx, [cli, 'create', 'ONLYCODE'], { env: env() })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('create needs a CODE and a PERCENT'),
    });
    await expect(run(tsx, [cli, 'create', 'TOOBIG', '250'], { env: env() })).rejects.toMatchObject({ code: 1 });
    expect(await CouponModel.findOne({ code: 'TOOBIG' }).lean()).toBeNull();
  }, 60_000);
});
