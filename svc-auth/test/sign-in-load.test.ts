import bcrypt from 'bcryptjs';
import mongoose from 'mongoose';
import request, { type Response } from 'supertest';
import { API_ERRORS } from '@logbook/contracts/messages';
import { configurePasswordHashing } from '@logbook/service-kit/password-hash';
import { servePeers, setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { UserModel } from '../src/accounts/model';
import { createAuthApp } from '../src/app';
import { accountLockId } from '../src/limits/keys';
import { RateLimitModel } from '../src/limits/model';
import { createApp as createStudentsApp, models as studentsModels } from 'svc-students/app';
import { uniqueEmail } from './support';

/** svc-students' own model, for setting up students as it would have stored them. */
const StudentModel = mongoose.model('Student');

const PASSWORD = 'load-test-pass';
const stored = bcrypt.hashSync(PASSWORD, 10);

// One failure locks an account for a minute: a refusal for load that counted as a failure would show as a 429.
const app = createAuthApp({
  rateLimits: { signInPerIp: 100_000, signInPerAccount: 1, lockoutBaseMs: 60_000, lockoutMaxMs: 60_000 },
});

beforeAll(async () => {
  await setupTestDatabase([UserModel, RateLimitModel, ...studentsModels]);
  await servePeers({ students: createStudentsApp() });
  // One worker and a short queue, so that a burst this test can make is more than it takes in time.
  configurePasswordHashing({ size: 1, queueBudgetMs: 250, initialJobMs: 100 });
});
afterAll(teardownTestDatabase);

let nextUserId = 91_000;
let nextStudentId = 92_000;

async function parents(count: number) {
  const made = Array.from({ length: count }, () => {
    const id = nextUserId++;
    return { _id: id, username: `load${id}`, email: uniqueEmail('load'), password: stored };
  });
  await UserModel.insertMany(made);
  return made.map((p) => p.email);
}

async function studentLogins(count: number) {
  const made = Array.from({ length: count }, () => {
    const id = nextStudentId++;
    return {
      _id: id,
      userId: 31,
      firstName: 'Ava',
      lastName: 'Nguyen',
      dateOfBirth: '2008-04-02',
      subscriptionStatus: 'active',
      studentUsername: `loadlearner${id}`,
      studentUsernameKey: `loadlearner${id}`,
      studentPassword: stored,
      hasStudentLogin: true,
      loginVersion: 0,
      createdAt: new Date(),
    };
  });
  await StudentModel.collection.insertMany(made as never[]);
  return made.map((s) => s.studentUsername);
}

function expectRefusedForLoad(res: Response) {
  expect(res.body).toEqual({ message: API_ERRORS.tooManySigningIn });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('sign-in under load', () => {
  it('answers parent sign-ins beyond what the workers can take 503 with Retry-After at once, uncounted', async () => {
    const emails = await parents(16);
    const burst = await Promise.all(
      emails.map((email) => request(app).post('/api/login').send({ email, password: PASSWORD })),
    );
    const refused = emails.filter((_, i) => burst[i].status === 503);
    expect(burst.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(emails.length);
    for (const res of burst.filter((r) => r.status === 503)) expectRefusedForLoad(res);

    // Had the refusal counted as a failed sign-in, each of these accounts would now be locked out (429).
    for (const email of refused) {
      const again = await request(app).post('/api/login').send({ email, password: PASSWORD });
      expect(again.status).toBe(200);
    }
  });

  it('passes on svc-students refusing student sign-ins for load: 503 with Retry-After, not "invalid credentials"', async () => {
    const usernames = await studentLogins(16);
    const burst = await Promise.all(
      usernames.map((studentUsername) =>
        request(app).post('/api/student-login').send({ studentUsername, studentPassword: PASSWORD }),
      ),
    );
    expect(burst.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    expect(burst.some((r) => r.status === 200)).toBe(true);
    const refused = usernames.filter((_, i) => burst[i]!.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of burst.filter((r) => r.status === 503)) expectRefusedForLoad(res);
    // The refused attempts are taken back: no failure stays counted, so each account signs in at once (one counted
    // failure would lock it for a minute).
    const counted = () =>
      RateLimitModel.find({
        _id: { $in: refused.map((u) => accountLockId('student-username', u, '::ffff:127.0.0.1')) },
      })
        .lean()
        .then((docs) => docs.reduce((sum, d) => sum + (d.failures ?? 0), 0));
    for (let i = 0; i < 50 && (await counted()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await counted()).toBe(0);
    for (const studentUsername of refused) {
      const again = await request(app).post('/api/student-login').send({ studentUsername, studentPassword: PASSWORD });
      expect(again.status).toBe(200);
    }
  });

  it('keeps the event loop free while a burst of sign-ins is being checked', async () => {
    configurePasswordHashing({ queueBudgetMs: 60_000 });
    const emails = await parents(6);
    // What one comparison would hold the loop for, were it made on it.
    const startedAt = performance.now();
    bcrypt.compareSync(PASSWORD, stored);
    const oneComparisonMs = performance.now() - startedAt;

    let last = performance.now();
    let longestStall = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last);
      last = now;
    }, 2);
    const burst = await Promise.all(
      emails.map((email) => request(app).post('/api/login').send({ email, password: PASSWORD })),
    );
    clearInterval(timer);
    configurePasswordHashing({ queueBudgetMs: 250 });
    expect(burst.map((r) => r.status)).toEqual(emails.map(() => 200));
    expect(longestStall).toBeLessThan(oneComparisonMs);
  });
});
