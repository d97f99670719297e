import bcrypt from 'bcryptjs';
import request from 'supertest';
import { API_ERRORS } from '@logbook/contracts/messages';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { UserModel } from '../src/accounts/model';
import { createAuthApp } from '../src/app';
import { loadAuthConfig, rateLimitsFrom } from '../src/config';
import { StudentAccountModel } from '../src/student-sessions/model';
import { uniqueEmail } from './support';

beforeAll(async () => {
  await setupTestDatabase([UserModel]);
});
afterAll(teardownTestDatabase);

const limits = {
  signInWindowMs: 60_000,
  signInPerAccount: 3,
  signInPerIp: 6,
  registerWindowMs: 60_000,
  registerPerIp: 4,
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
    .send({ email, password: 'secret1' });
  expect(res.status).toBe(201);
  return email;
}

function expectTooMany(res: request.Response) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: API_ERRORS.tooManyAttempts });
}

describe('sign-in limits', () => {
  it('locks an account after repeated wrong passwords, from any address, even with the right password', async () => {
    const app = createAuthApp({ rateLimits: limits });
    const email = await account(app);
    for (let i = 0; i < limits.signInPerAccount; i++) {
      expect((await login(app, freshIp(), email, 'wrong-password')).status).toBe(401);
    }
    expectTooMany(await login(app, freshIp(), email, 'wrong-password'));
    expectTooMany(await login(app, freshIp(), email.toUpperCase(), 'secret1'));
    // Another account is not affected.
    const other = await account(app);
    expect((await login(app, freshIp(), other, 'secret1')).status).toBe(200);
  });

  it('limits failed sign-ins per address across many accounts', async () => {
    const app = createAuthApp({ rateLimits: limits });
    const ip = freshIp();
    for (let i = 0; i < limits.signInPerIp; i++) {
      expect((await login(app, ip, uniqueEmail('guess'), 'secret1')).status).toBe(401);
    }
    const email = await account(app);
    expectTooMany(await login(app, ip, email, 'secret1'));
    expect((await login(app, freshIp(), email, 'secret1')).status).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const app = createAuthApp({ rateLimits: limits });
    const email = await account(app);
    const ip = freshIp();
    for (let i = 0; i < limits.signInPerIp + 2; i++) {
      expect((await login(app, ip, email, 'secret1')).status).toBe(200);
    }
  });

  it('limits student sign-in per username and per address', async () => {
    const app = createAuthApp({ rateLimits: limits });
    await StudentAccountModel.collection.insertOne({
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
    for (let i = 0; i < limits.signInPerAccount; i++) {
      expect((await attempt(freshIp(), 'kai-lee', 'nope-nope')).status).toBe(401);
    }
    expectTooMany(await attempt(freshIp(), 'KAI-LEE', 'drive123'));

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
    expectTooMany(await login(app, ip, uniqueEmail(), 'secret1'));
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
        .send({ email: uniqueEmail(), password: 'secret1' });
      expect(res.status).toBe(201);
    }
    const email = uniqueEmail('blocked');
    expectTooMany(
      await request(app).post('/api/register').set('x-forwarded-for', ip).send({ email, password: 'secret1' }),
    );
    expect(await UserModel.countDocuments({ email })).toBe(0);
    expect(
      (await request(app).post('/api/register').set('x-forwarded-for', freshIp()).send({ email, password: 'secret1' }))
        .status,
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
    });
    const custom = rateLimitsFrom(
      loadAuthConfig({ AUTH_RATE_LIMIT_ACCOUNT_MAX: '3', AUTH_RATE_LIMIT_REGISTER_MAX: '7' }),
    );
    expect(custom.signInPerAccount).toBe(3);
    expect(custom.registerPerIp).toBe(7);
    expect(() => loadAuthConfig({ AUTH_RATE_LIMIT_IP_MAX: 'lots' })).toThrow(/AUTH_RATE_LIMIT_IP_MAX/);
  });
});
