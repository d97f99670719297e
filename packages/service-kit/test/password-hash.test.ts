import path from 'node:path';
import bcrypt from 'bcryptjs';
import express from 'express';
import request from 'supertest';
import { API_ERRORS } from '@logbook/contracts/messages';
import { BusyError, errorHandler } from '@logbook/service-kit/errors';
import { PasswordHashPool } from '@logbook/service-kit/password-hash';

const pools: PasswordHashPool[] = [];
const pool = (options: ConstructorParameters<typeof PasswordHashPool>[0] = {}) => {
  const made = new PasswordHashPool(options);
  pools.push(made);
  return made;
};
afterAll(() => Promise.all(pools.map((p) => p.close())));

/** The longest the event loop went without running a 2 ms timer while `work` was in flight. */
async function longestStall(work: Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 2);
  try {
    await work;
  } finally {
    clearInterval(timer);
  }
  return Math.max(longest, performance.now() - last);
}

describe('password hashing on worker threads', () => {
  it('hashes and compares as bcryptjs does on the main thread, $2a and $2b alike, at the cost asked', async () => {
    const workers = pool({ size: 2 });
    const made = await workers.hash('correct horse', 10);
    expect(made).toMatch(/^\$2b\$10\$/);
    expect(bcrypt.compareSync('correct horse', made)).toBe(true);
    expect(bcrypt.compareSync('wrong horse', made)).toBe(false);

    const mainThread = bcrypt.hashSync('Mật khẩu 密码', 10);
    const older = mainThread.replace(/^\$2b\$/, '$2a$');
    expect(bcrypt.compareSync('Mật khẩu 密码', older)).toBe(true);
    for (const stored of [mainThread, older]) {
      expect(await workers.compare('Mật khẩu 密码', stored)).toBe(true);
      expect(await workers.compare('Mat khau', stored)).toBe(false);
    }
  });

  it('keeps the event loop running while a queue of comparisons is worked through', async () => {
    const stored = bcrypt.hashSync('burst-pass', 10);
    // What one comparison holds the loop for when it runs on it.
    const startedAt = performance.now();
    bcrypt.compareSync('burst-pass', stored);
    const oneComparisonMs = performance.now() - startedAt;

    // One worker: the other core is left to this thread, so its timer is not held up by the machine either. The queue's
    // budget is the next test's subject: here it is wide, so a slow machine queues the burst instead of refusing it.
    const workers = pool({ size: 1, queueBudgetMs: 60_000 });
    await workers.compare('warm-up', stored);
    const burst = Promise.all(Array.from({ length: 6 }, () => workers.compare('burst-pass', stored)));
    const stall = await longestStall(burst);
    expect(await burst).toEqual([true, true, true, true, true, true]);
    expect(stall).toBeLessThan(oneComparisonMs);
  });

  it('refuses work beyond its queue budget at once with a BusyError, and takes work again once the queue drains', async () => {
    const workers = pool({ size: 1, queueBudgetMs: 250, initialJobMs: 100 });
    const stored = bcrypt.hashSync('queued-pass', 10);
    const accepted: Promise<boolean>[] = [];
    let refusal: unknown;
    for (let i = 0; i < 20 && refusal === undefined; i++) {
      try {
        accepted.push(workers.compare('queued-pass', stored));
      } catch (err) {
        refusal = err;
      }
    }
    expect(refusal).toBeInstanceOf(BusyError);
    expect((refusal as BusyError).status).toBe(503);
    expect((refusal as BusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(accepted.length).toBeGreaterThan(1);
    expect(await Promise.all(accepted)).toEqual(accepted.map(() => true));
    expect(workers.estimatedWaitMs()).toBe(0);
    expect(await workers.compare('queued-pass', stored)).toBe(true);
  });

  it('answers requests beyond the budget 503 with Retry-After before the route runs', async () => {
    const workers = pool({ size: 1, queueBudgetMs: 250, initialJobMs: 100 });
    const stored = bcrypt.hashSync('route-pass', 10);
    let routeRan = 0;
    const app = express();
    app.post('/check', workers.admit, async (_req, res) => {
      routeRan++;
      res.json({ matches: await workers.compare('route-pass', stored) });
    });
    app.use(errorHandler);

    const answers = await Promise.all(Array.from({ length: 12 }, () => request(app).post('/check')));
    const refused = answers.filter((r) => r.status === 503);
    const served = answers.filter((r) => r.status === 200);
    expect(refused.length + served.length).toBe(answers.length);
    expect(served.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(routeRan).toBe(served.length);
    for (const r of served) expect(r.body).toEqual({ matches: true });
    for (const r of refused) {
      expect(r.body).toEqual({ message: API_ERRORS.tooManySigningIn });
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Admission is counted until each request's job is queued: afterwards nothing is left reserved.
    expect(workers.estimatedWaitMs()).toBe(0);
    expect((await request(app).post('/check')).status).toBe(200);
  });

  it('fails the job of a worker that died, replaces the worker and goes on with the queue', async () => {
    const workers = pool({ size: 1, bcryptModule: path.join(__dirname, 'fixtures/bcrypt-that-dies.cjs') });
    const stored = bcrypt.hashSync('after-crash', 10);
    const dying = workers.compare('stop the worker', stored);
    const queuedBehind = workers.compare('after-crash', stored);
    await expect(dying).rejects.toThrow('Password hashing failed: the worker stopped');
    expect(await queuedBehind).toBe(true);
    expect(await workers.compare('wrong', stored)).toBe(false);
    expect(await workers.hash('after-crash', 4)).toMatch(/^\$2b\$04\$/);
  });
});
