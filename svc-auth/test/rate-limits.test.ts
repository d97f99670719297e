import bcrypt from 'bcryptjs';
import request from 'supertest';
import { API_ERRORS } from '@logbook/contracts/messages';
import { servePeers, setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { UserModel } from '../src/accounts/model';
import { createAuthApp } from '../src/app';
import { loadAuthConfig, rateLimitsFrom } from '../src/config';
import { lockDelay } from '../src/limits/account-lock';
import { RateLimitModel } from '../src/limits/model';
import mongoose from 'mongoose';
import { createApp as createStudentsApp, models as studentsModels } from 'svc-students/app';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { ACCOUNT_MESSAGES } from '@logbook/contracts/messages';
import { accountLockId } from '../src/limits/keys';
import { cookiePair, uniqueEmail } from './support';

/** svc-students' own model, for setting up students as it would have stored them. */
const StudentModel = mongoose.model('Student');

beforeAll(async () => {
  await setupTestDatabase([UserModel, RateLimitModel, ...studentsModels]);
  await servePeers({ students: createStudentsApp() });
});
afterAll(teardownTestDatabase);

const limits = {
  signInWindowMs: 60_000,
  signInPerAccount: 3,
  signInPerIp: 6,
  registerWindowMs: 60_000,
  registerPerIp: 4,
  lockoutBaseMs: 60_000,
  lockoutMaxMs: 60 * 60_000,
};
let ipCounter = 1;
/** Each test speaks from addresses of its own (the app trusts X-Forwarded-For from loopback, like behind the gateway). */
const freshIp = () => `203.0.113.${ipCounter++}`;

const login = (app: ReturnType<typeof createAuthApp>, ip: string, email: string, password: string) =>
  request(app).post('/api/login').set('x-forwarded-for', ip).send({ email, password });

async function account(app: ReturnType<typeof createAuthApp>) {
  const email = uniqueEmail('limited');
  const res = await request(app)
    .post('/api/register')
    .set('x-forwarded-for', freshIp())
    .send({ email, password: 'secret-pass-1' });
  expect(res.status).toBe(201);
  return email;
}

function expectTooMany(res: request.Response) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: API_ERRORS.tooManyAttempts });
}

const retryAfter = (res: request.Response) => Number(res.headers['retry-after']);

describe('sign-in limits', () => {
  it("lets the owner in from their own address while a stranger's guesses lock only the stranger, ever longer", async () => {
    // The limits people get: 10 failures per account and address, 50 per address.
    const app = createAuthApp({ rateLimits: { ...rateLimitsFrom(loadAuthConfig({})) } });
    const email = await account(app);
    const stranger = freshIp();
    const owner = freshIp();
    for (let i = 0; i < 10; i++) expect((await login(app, stranger, email, `guess-${i}`)).status).toBe(401);

    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const refused = await login(app, stranger, email, `guess-more-${i}`);
      expectTooMany(refused);
      waits.push(retryAfter(refused));
    }
    expect(waits).toEqual([120, 240, 480]);
    // Even the right password waits when it comes from the stranger's address.
    expectTooMany(await login(app, stranger, email, 'secret-pass-1'));

    const signedIn = await login(app, owner, email, 'secret-pass-1');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ id: expect.any(Number), email });
  });

  it('locks an account from one address, even with the right password, and leaves other accounts alone', async () => {
    const app = createAuthApp({ rateLimits: limits });
    const email = await account(app);
    const ip = freshIp();
    for (let i = 0; i < limits.signInPerAccount; i++) {
      expect((await login(app, ip, email, 'wrong-password')).status).toBe(401);
    }
    expectTooMany(await login(app, ip, email, 'wrong-password'));
    expectTooMany(await login(app, ip, email.toUpperCase(), 'secret-pass-1'));
    const other = await account(app);
    expect((await login(app, ip, other, 'secret-pass-1')).status).toBe(200);
  });

  it('forgets the failures of an account and address once the right password is given', async () => {
    const app = createAuthApp({ rateLimits: { ...limits, signInPerIp: 100 } });
    const email = await account(app);
    const ip = freshIp();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < limits.signInPerAccount - 1; i++) {
        expect((await login(app, ip, email, 'wrong-password')).status).toBe(401);
      }
      expect((await login(app, ip, email, 'secret-pass-1')).status).toBe(200);
    }
  });

  it('lets no more guesses through when they arrive all at once', async () => {
    const app = createAuthApp({ rateLimits: { ...limits, signInPerIp: 100 } });
    const email = await account(app);
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(app, ip, email, `parallel-guess-${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(limits.signInPerAccount);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(12 - limits.signInPerAccount);
  });

  it('waits twice as long after each further failure, up to the longest wait', () => {
    const o = { maxFailures: 10, baseDelayMs: 60_000, maxDelayMs: 3_600_000 };
    expect([0, 9, 10, 11, 12, 15, 16, 1000].map((f) => lockDelay(f, o))).toEqual([
      0, 0, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });

  it('shares the counts between instances of the service on one database', async () => {
    const first = createAuthApp({ rateLimits: limits });
    const second = createAuthApp({ rateLimits: limits });
    const email = await account(first);

    // Failures for one account and address, made on alternate instances, add up.
    const ip = freshIp();
    for (let i = 0; i < limits.signInPerAccount; i++) {
      expect((await login(i % 2 ? second : first, ip, email, 'wrong-password')).status).toBe(401);
    }
    expectTooMany(await login(first, ip, email, 'secret-pass-1'));
    expectTooMany(await login(second, ip, email, 'secret-pass-1'));

    // So do failures from one address across accounts.
    const guesser = freshIp();
    for (let i = 0; i < limits.signInPerIp; i++) {
      expect((await login(i % 2 ? second : first, guesser, uniqueEmail('guess'), 'wrong')).status).toBe(401);
    }
    expectTooMany(await login(first, guesser, uniqueEmail('guess'), 'wrong'));
    expectTooMany(await login(second, guesser, email, 'secret-pass-1'));

    // And registrations from one address.
    const registrar = freshIp();
    for (let i = 0; i < limits.registerPerIp; i++) {
      const res = await request(i % 2 ? second : first)
        .post('/api/register')
        .set('x-forwarded-for', registrar)
        .send({ email: uniqueEmail(), password: 'secret-pass-1' });
      expect(res.status).toBe(201);
    }
    for (const app of [first, second]) {
      expectTooMany(
        await request(app)
          .post('/api/register')
          .set('x-forwarded-for', registrar)
          .send({ email: uniqueEmail(), password: 'secret-pass-1' }),
      );
    }
  });

  it('limits failed sign-ins per address across many accounts', async () => {
    const app = createAuthApp({ rateLimits: limits });
    const ip = freshIp();
    for (let i = 0; i < limits.signInPerIp; i++) {
      expect((await login(app, ip, uniqueEmail('guess'), 'secret-pass-1')).status).toBe(401);
    }
    const email = await account(app);
    expectTooMany(await login(app, ip, email, 'secret-pass-1'));
    expect((await login(app, freshIp(), email, 'secret-pass-1')).status).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const app = createAuthApp({ rateLimits: limits });
    const email = await account(app);
    const ip = freshIp();
    for (let i = 0; i < limits.signInPerIp + 2; i++) {
      expect((await login(app, ip, email, 'secret-pass-1')).status).toBe(200);
    }
  });

  it('limits student sign-in per username and per address', async () => {
    const app = createAuthApp({ rateLimits: limits });
    await StudentModel.collection.insertOne({
      _id: 8801,
      userId: 1,
      firstName: 'Kai',
      lastName: 'Lee',
      subscriptionStatus: 'active',
      studentUsername: 'kai-lee',
      studentPassword: await bcrypt.hash('drive123', 10),
      hasStudentLogin: true,
      loginVersion: 0,
    } as never);
    const attempt = (ip: string, studentUsername: string, studentPassword: string) =>
      request(app).post('/api/student-login').set('x-forwarded-for', ip).send({ studentUsername, studentPassword });
    const stranger = freshIp();
    for (let i = 0; i < limits.signInPerAccount; i++) {
      expect((await attempt(stranger, 'kai-lee', 'nope-nope')).status).toBe(401);
    }
    expectTooMany(await attempt(stranger, 'KAI-LEE', 'drive123'));
    // Kai, from another address, is not locked out.
    expect((await attempt(freshIp(), 'KAI-LEE', 'drive123')).status).toBe(200);

    const ip = freshIp();
    for (let i = 0; i < limits.signInPerIp; i++) {
      expect((await attempt(ip, `guess-${i}`, 'nope-nope')).status).toBe(401);
    }
    expectTooMany(await attempt(ip, 'someone-else', 'nope-nope'));
  });

  it('counts hostile bodies against the address without crashing the account limiter', async () => {
    const app = createAuthApp({ rateLimits: limits });
    const ip = freshIp();
    for (let i = 0; i < limits.signInPerIp; i++) {
      const res = await request(app)
        .post('/api/login')
        .set('x-forwarded-for', ip)
        .send({ email: { $gt: '' }, password: 'x' });
      expect(res.status).toBe(400);
    }
    expectTooMany(await login(app, ip, uniqueEmail(), 'secret-pass-1'));
  });
});

describe('password re-checks of a signed-in parent', () => {
  const signedIn = async (app: ReturnType<typeof createAuthApp>, ip: string, email: string) => {
    const res = await login(app, ip, email, 'secret-pass-1');
    expect(res.status).toBe(200);
    return cookiePair(res, PARENT_COOKIE);
  };
  const changePassword = (app: ReturnType<typeof createAuthApp>, ip: string, cookie: string, currentPassword: string) =>
    request(app)
      .put('/api/user/password')
      .set('x-forwarded-for', ip)
      .set('cookie', cookie)
      .send({ currentPassword, newPassword: 'changed-pass-9' });
  const closeAccount = (app: ReturnType<typeof createAuthApp>, ip: string, cookie: string, password: string) =>
    request(app).delete('/api/user').set('x-forwarded-for', ip).set('cookie', cookie).send({ password });

  it('count wrong current passwords as failed sign-ins: then even the right one waits, Retry-After says how long', async () => {
    const app = createAuthApp({ rateLimits: limits });
    const email = await account(app);
    const ip = freshIp();
    const cookie = await signedIn(app, ip, email);
    for (let i = 0; i < limits.signInPerAccount; i++) {
      const wrong = await changePassword(app, ip, cookie, `guess-${i}`);
      expect(wrong.status).toBe(403);
      expect(wrong.body).toEqual({ message: ACCOUNT_MESSAGES.currentPasswordWrong });
    }
    const refused = await changePassword(app, ip, cookie, 'secret-pass-1');
    expectTooMany(refused);
    expect(retryAfter(refused)).toBe(120);
    expect(retryAfter(await changePassword(app, ip, cookie, 'secret-pass-1'))).toBe(240);
    // The same count as signing in to the account from this address, and closing it.
    expectTooMany(await login(app, ip, email, 'secret-pass-1'));
    expectTooMany(await closeAccount(app, ip, cookie, 'secret-pass-1'));
    // Nothing changed, and the owner signs in from anywhere else.
    expect((await request(app).get('/api/user').set('cookie', cookie)).status).toBe(200);
    expect((await login(app, freshIp(), email, 'secret-pass-1')).status).toBe(200);
  });

  it('closing the account counts the same way, and the account stays while locked', async () => {
    const app = createAuthApp({ rateLimits: limits });
    const email = await account(app);
    const ip = freshIp();
    const cookie = await signedIn(app, ip, email);
    for (let i = 0; i < limits.signInPerAccount; i++) {
      expect((await closeAccount(app, ip, cookie, `guess-${i}`)).status).toBe(403);
    }
    const refused = await closeAccount(app, ip, cookie, 'secret-pass-1');
    expectTooMany(refused);
    expect(retryAfter(refused)).toBe(120);
    expect(await UserModel.countDocuments({ email })).toBe(1);
    expect((await request(app).get('/api/user').set('cookie', cookie)).status).toBe(200);
  });

  it('share the count with failed sign-ins, and a right re-check clears it like a sign-in', async () => {
    const app = createAuthApp({ rateLimits: limits });
    const email = await account(app);
    const ip = freshIp();
    const cookie = await signedIn(app, ip, email);
    for (let i = 0; i < limits.signInPerAccount - 1; i++) {
      expect((await login(app, ip, email, `guess-${i}`)).status).toBe(401);
    }
    expect((await changePassword(app, ip, cookie, 'one-more-guess')).status).toBe(403);
    expectTooMany(await changePassword(app, ip, cookie, 'secret-pass-1'));

    const other = await account(app);
    const otherCookie = await signedIn(app, ip, other);
    for (let i = 0; i < limits.signInPerAccount - 1; i++) {
      expect((await changePassword(app, ip, otherCookie, `guess-${i}`)).status).toBe(403);
    }
    expect((await changePassword(app, ip, otherCookie, 'secret-pass-1')).status).toBe(200);
    // Cleared: as many failures again are allowed before the lock.
    for (let i = 0; i < limits.signInPerAccount - 1; i++) {
      expect((await login(app, ip, other, `guess-again-${i}`)).status).toBe(401);
    }
    expect((await login(app, ip, other, 'changed-pass-9')).status).toBe(200);
  });
});

describe('counter keys', () => {
  it('hold no text a family typed, only the kind and a SHA-256 of the name', async () => {
    const app = createAuthApp({ rateLimits: limits });
    const email = await account(app);
    const ip = freshIp();
    expect((await login(app, ip, email, 'wrong-password')).status).toBe(401);
    const [counter] = await RateLimitModel.find({ _id: accountLockId('parent-email', email, ip) }).lean();
    expect(counter.failures).toBe(1);
    expect(counter._id).toMatch(/^lock:parent-email:[0-9a-f]{64}\|/);
    expect(counter._id).not.toContain(email);
    expect(await RateLimitModel.countDocuments({ _id: { $regex: email.split('@')[0] } })).toBe(0);
  });

  it('leave counters in the earlier format (the name in clear) unread, to expire with their window', async () => {
    const app = createAuthApp({ rateLimits: limits });
    const email = await account(app);
    const ip = freshIp();
    const now = Date.now();
    await RateLimitModel.create({
      _id: `sign-in:email:account:${email}|${ip}`,
      failures: 50,
      lastFailureAt: new Date(now),
      expiresAt: new Date(now + limits.signInWindowMs + limits.lockoutMaxMs),
    });
    expect((await login(app, ip, email, 'secret-pass-1')).status).toBe(200);
    // A real MongoDB removes every counter once its expiresAt has passed.
    expect(RateLimitModel.schema.indexes()).toContainEqual([
      { expiresAt: 1 },
      expect.objectContaining({ expireAfterSeconds: 0 }),
    ]);
  });
});

describe('registration limits', () => {
  it('limits registrations per address', async () => {
    const app = createAuthApp({ rateLimits: limits });
    const ip = freshIp();
    for (let i = 0; i < limits.registerPerIp; i++) {
      const res = await request(app)
        .post('/api/register')
        .set('x-forwarded-for', ip)
        .send({ email: uniqueEmail(), password: 'secret-pass-1' });
      expect(res.status).toBe(201);
    }
    const email = uniqueEmail('blocked');
    expectTooMany(
      await request(app).post('/api/register').set('x-forwarded-for', ip).send({ email, password: 'secret-pass-1' }),
    );
    expect(await UserModel.countDocuments({ email })).toBe(0);
    expect(
      (
        await request(app)
          .post('/api/register')
          .set('x-forwarded-for', freshIp())
          .send({ email, password: 'secret-pass-1' })
      ).status,
    ).toBe(201);
  });
});

describe('configuration', () => {
  it('has defaults fit for people and reads overrides from the environment', () => {
    expect(rateLimitsFrom(loadAuthConfig({}))).toEqual({
      signInWindowMs: 15 * 60_000,
      signInPerAccount: 10,
      signInPerIp: 50,
      registerWindowMs: 60 * 60_000,
      registerPerIp: 20,
      lockoutBaseMs: 60_000,
      lockoutMaxMs: 60 * 60_000,
      resetWindowMs: 60 * 60_000,
      resetPerEmail: 3,
      resetPerIp: 20,
    });
    const custom = rateLimitsFrom(
      loadAuthConfig({
        AUTH_RATE_LIMIT_ACCOUNT_MAX: '3',
        AUTH_RATE_LIMIT_REGISTER_MAX: '7',
        AUTH_RATE_LIMIT_RESET_EMAIL_MAX: '2',
      }),
    );
    expect(custom.signInPerAccount).toBe(3);
    expect(custom.registerPerIp).toBe(7);
    expect(custom.resetPerEmail).toBe(2);
    expect(() => loadAuthConfig({ AUTH_RATE_LIMIT_IP_MAX: 'lots' })).toThrow(/AUTH_RATE_LIMIT_IP_MAX/);
  });
});
