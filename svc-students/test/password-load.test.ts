import bcrypt from 'bcryptjs';
import request from 'supertest';
import { API_ERRORS } from '@logbook/contracts/messages';
import { internalHeaders } from '@logbook/service-kit/internal';
import { configurePasswordHashing } from '@logbook/service-kit/password-hash';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { models } from '../src/app';
import { addStudent, makeTestApp, newParent, setSubscription, storedStudent } from './support';

const { app } = makeTestApp();

beforeAll(async () => {
  await setupTestDatabase(models);
  // One worker and a short queue, so that a burst this test can make is more than it takes in time.
  configurePasswordHashing({ size: 1, queueBudgetMs: 250, initialJobMs: 100 });
});
afterAll(teardownTestDatabase);

const PASSWORD = 'Secret-pass-1';

/** A parent with `count` active students, each given a login one after another (the queue is empty for each). */
async function studentsWithLogins(count: number) {
  const parent = await newParent();
  const usernames: string[] = [];
  for (let i = 0; i < count; i++) {
    const student = await addStudent(app, parent.cookie);
    await setSubscription(student.id, 'active');
    const studentUsername = `loadlearner${student.id}`;
    const res = await request(app)
      .post(`/api/students/${student.id}/create-login`)
      .set('cookie', parent.cookie)
      .send({ studentUsername, studentPassword: PASSWORD });
    expect(res.status).toBe(201);
    // Hashed on a worker, readable by bcryptjs anywhere.
    expect(bcrypt.compareSync(PASSWORD, (await storedStudent(student.id))!.studentPassword as string)).toBe(true);
    usernames.push(studentUsername);
  }
  return { parent, usernames };
}

const verify = (studentUsername: string, studentPassword: string) =>
  request(app)
    .post('/internal/student-logins/verify')
    .set(internalHeaders())
    .send({ studentUsername, studentPassword });

describe('student passwords under load', () => {
  it('checks student sign-ins on the workers, and answers those beyond the queue 503 with Retry-After at once', async () => {
    const { usernames } = await studentsWithLogins(3);
    expect((await verify(usernames[0], PASSWORD)).status).toBe(200);
    expect((await verify(usernames[0], 'wrong-pass-1')).status).toBe(401);

    const burst = await Promise.all(Array.from({ length: 15 }, (_, i) => verify(usernames[i % 3], PASSWORD)));
    expect(burst.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    expect(burst.some((r) => r.status === 200)).toBe(true);
    const refused = burst.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.body).toEqual({ message: API_ERRORS.tooManySigningIn });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it('refuses new student passwords beyond the queue with 503 and Retry-After, and stores nothing for them', async () => {
    const parent = await newParent();
    const students = [];
    for (let i = 0; i < 12; i++) {
      const student = await addStudent(app, parent.cookie);
      await setSubscription(student.id, 'active');
      students.push(student);
    }
    const burst = await Promise.all(
      students.map((s) =>
        request(app)
          .post(`/api/students/${s.id}/create-login`)
          .set('cookie', parent.cookie)
          .send({ studentUsername: `burstlearner${s.id}`, studentPassword: PASSWORD }),
      ),
    );
    expect(burst.every((r) => r.status === 201 || r.status === 503)).toBe(true);
    expect(burst.some((r) => r.status === 201)).toBe(true);
    const refused = students.filter((_, i) => burst[i].status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const s of refused) {
      const res = burst[students.indexOf(s)];
      expect(res.body).toEqual({ message: API_ERRORS.tooManySigningIn });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await storedStudent(s.id))!.hasStudentLogin).not.toBe(true);
    }
  });
});
