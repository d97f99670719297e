import request from 'supertest';
import { BILLING_ERRORS } from '@logbook/contracts/billing';
import { API_ERRORS } from '@logbook/contracts/messages';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { createApp } from '../src/app';
import { createCoupon } from '../src/coupons/coupons';
import { CouponLimitModel } from '../src/coupons/limits';
import { CouponModel } from '../src/coupons/model';
import { SimulatedSubscriptionModel } from '../src/providers/simulated-model';
import { makeFamily, testConfig, testModels, type Family } from './fixtures';

/** Two instances of the service on one database, as in production: the limits are counted there, not in memory. */
const app = createApp(testConfig());
const otherInstance = createApp(testConfig());
const PER_ACCOUNT = 10;
const PER_ADDRESS = 30;

beforeAll(async () => {
  await setupTestDatabase(testModels);
});
afterAll(teardownTestDatabase);
// Every request here comes from one address: each test starts with that address's allowance unused.
beforeEach(() => CouponLimitModel.deleteMany({}));

const create = (target: typeof app, family: Family, couponCode?: string) =>
  request(target)
    .post('/api/create-subscription')
    .set('Cookie', family.cookie)
    .send({ studentId: family.studentId, ...(couponCode === undefined ? {} : { couponCode }) });

const guess = (n: number) => `GUESS${String(n).padStart(4, '0')}`;

function expectLimited(res: request.Response) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: API_ERRORS.tooManyAttempts });
  const wait = Number(res.headers['retry-after']);
  expect(Number.isInteger(wait)).toBe(true);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(3600);
}

describe('coupon look-ups are limited', () => {
  it(`per account: ${PER_ACCOUNT} in an hour, counted across instances, then 429 with Retry-After`, async () => {
    await createCoupon({ code: 'REALONE', discountPercent: 20 });
    const family = await makeFamily();
    for (let n = 0; n < PER_ACCOUNT; n++) {
      const res = await create(n % 2 ? otherInstance : app, family, guess(n));
      expect([n, res.status, res.body]).toEqual([n, 400, { message: BILLING_ERRORS.couponUnusable }]);
    }
    expectLimited(await create(app, family, guess(99)));
    // Past the limit even a real code is not looked up, and its use is not counted.
    expectLimited(await create(otherInstance, family, 'REALONE'));
    expect((await CouponModel.findOne({ code: 'REALONE' }).lean())!.usedCount).toBe(0);
    expect(await SimulatedSubscriptionModel.countDocuments({ studentId: family.studentId })).toBe(0);

    // Another family at the same address still has its own allowance.
    const neighbour = await makeFamily();
    const theirs = await create(app, neighbour, 'REALONE');
    expect(theirs.status).toBe(200);

    // Subscribing without a coupon looks nothing up and is never held back.
    const plain = await create(app, family);
    expect(plain.status).toBe(200);
  });

  it(`per address: ${PER_ADDRESS} in an hour, whichever accounts ask`, async () => {
    const families = await Promise.all([makeFamily(), makeFamily(), makeFamily(), makeFamily()]);
    for (let n = 0; n < PER_ADDRESS; n++) {
      const res = await create(app, families[n % families.length], guess(n));
      expect([n, res.status]).toEqual([n, 400]);
    }
    const fresh = await makeFamily();
    expectLimited(await create(otherInstance, fresh, guess(PER_ADDRESS)));
    expect((await create(app, fresh)).status).toBe(200);
  });

  it('counts by account id and address only, never by the code typed', async () => {
    const family = await makeFamily();
    await create(app, family, 'ANYTHING-TYPED');
    await create(app, family, 'anything else');
    const ids = (await CouponLimitModel.find({}).lean()).map((d) => d._id);
    expect(ids.sort()).toEqual([`coupon:account:${family.userId}`, expect.stringMatching(/^coupon:ip:[0-9a-f.:/]+$/)]);
    expect(ids.join(' ')).not.toMatch(/anything/i);
    const counts = (await CouponLimitModel.find({}).lean()).map((d) => d.hits);
    expect(counts).toEqual([2, 2]);
  });
});
