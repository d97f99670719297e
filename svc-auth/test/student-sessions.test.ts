import bcrypt from 'bcryptjs';
import request from 'supertest';
import { PARENT_COOKIE, STUDENT_COOKIE } from '@logbook/contracts/constants';
import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import { servePeers, setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { internalHeaders } from '@logbook/service-kit/internal';
import { UserModel } from '../src/accounts/model';
import { createAuthApp } from '../src/app';
import mongoose from 'mongoose';
import { createApp as createStudentsApp, models as studentsModels } from 'svc-students/app';
import { cookiePair, expectNoSecrets, setCookie, uniqueEmail } from './support';

/** svc-students' own model, for setting up students as it would have stored them. */
const StudentModel = mongoose.model('Student');

const app = createAuthApp({ rateLimits: { registerPerIp: 10_000, signInPerIp: 10_000, signInPerAccount: 10_000 } });
let nextStudentId = 7000;

beforeAll(async () => {
  await setupTestDatabase([UserModel, ...studentsModels]);
  // Student sign-in asks svc-students, which owns students and their logins: its real app serves here.
  await servePeers({ students: createStudentsApp() });
});

/** svc-students' `student-login` event, as its publisher sends it after a login changed or went. */
const loginChanged = (id: number, loginVersion: number) =>
  request(app)
    .post('/internal/events')
    .set(internalHeaders())
    .send({ topic: 'student-login', key: id, version: loginVersion, data: { loginVersion } })
    .expect(204);
afterAll(teardownTestDatabase);

/** A student as svc-students stores one (written into its collection here: the test stands in for its API). */
async function insertStudent(fields: Record<string, unknown> = {}) {
  const id = nextStudentId++;
  const username = `learner${id}`;
  const doc = {
    _id: id,
    userId: 31,
    firstName: 'Ava',
    lastName: 'Nguyen',
    dateOfBirth: '2008-04-02',
    subscriptionStatus: 'active',
    studentUsername: username,
    studentPassword: await bcrypt.hash('drive123', 10),
    hasStudentLogin: true,
    loginVersion: 0,
    createdAt: new Date(),
    ...fields,
  };
  await StudentModel.collection.insertOne(doc as never);
  return { id, username };
}

const studentLogin = (studentUsername: unknown, studentPassword: unknown, cookie?: string) => {
  const req = request(app).post('/api/student-login');
  if (cookie) req.set('cookie', cookie);
  return req.send({ studentUsername, studentPassword });
};

async function studentSignIn(username: string) {
  const res = await studentLogin(username, 'drive123');
  expect(res.status).toBe(200);
  return cookiePair(res, STUDENT_COOKIE);
}

const studentAuth = (cookie?: string) => {
  const req = request(app).get('/api/student-auth');
  return cookie ? req.set('cookie', cookie) : req;
};

describe('POST /api/student-login', () => {
  it('signs the student in with a separate cookie and answers { student }', async () => {
    const { id, username } = await insertStudent();
    const res = await studentLogin(username, 'drive123');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      student: { id, firstName: 'Ava', lastName: 'Nguyen', subscriptionStatus: 'active' },
    });
    expectNoSecrets(res);
    const line = setCookie(res, STUDENT_COOKIE)!;
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/);
    expect(line).toMatch(/;\s*Max-Age=\d+/);
    expect(line).toMatch(/;\s*Expires=/);
    expect(setCookie(res, PARENT_COOKIE)).toBeUndefined();
  });

  it('accepts the username in any case and with surrounding spaces', async () => {
    const { username } = await insertStudent();
    expect((await studentLogin(`  ${username} `, 'drive123')).status).toBe(200);
    expect((await studentLogin(username.toUpperCase(), 'drive123')).status).toBe(200);
    // The password, though, is exact.
    expect((await studentLogin(username, 'DRIVE123')).status).toBe(401);
  });

  it('reports an unknown subscription status as inactive', async () => {
    const { username } = await insertStudent({ subscriptionStatus: 'trialing_something' });
    const res = await studentLogin(username, 'drive123');
    expect(res.body.student.subscriptionStatus).toBe('inactive');
  });

  it('answers a wrong password, an unknown username and a removed login with the same 401', async () => {
    const { username } = await insertStudent();
    const { username: removed } = await insertStudent({ hasStudentLogin: false });
    const { username: noHash } = await insertStudent({ studentPassword: null });
    const answers = [
      await studentLogin(username, 'wrong-one'),
      await studentLogin('nobody-by-that-name', 'drive123'),
      await studentLogin(removed, 'drive123'),
      await studentLogin(noHash, 'drive123'),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: API_ERRORS.invalidCredentials });
      expect(setCookie(res, STUDENT_COOKIE)).toBeUndefined();
    }
  });

  it.each([
    ['a missing username', { studentPassword: 'drive123' }],
    ['a missing password', { studentUsername: 'learner' }],
    ['a blank username', { studentUsername: '   ', studentPassword: 'drive123' }],
    ['a blank password', { studentUsername: 'learner', studentPassword: '   ' }],
    ['an empty body', {}],
  ])('refuses %s with the spec message', async (_label, body) => {
    const res = await request(app).post('/api/student-login').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: VALIDATION.bothUsernameAndPassword });
  });

  it('refuses operator objects and arrays in any field and signs nobody in', async () => {
    const { username } = await insertStudent();
    for (const [u, p] of [
      [{ $gt: '' }, 'drive123'],
      [username, { $gt: '' }],
      [{ $ne: null }, { $ne: null }],
      [[username], 'drive123'],
      [username, ['drive123']],
      [{ $regex: '.*' }, 'drive123'],
      [42, 'drive123'],
    ]) {
      const res = await studentLogin(u, p);
      expect(res.status).toBe(400);
      expect(setCookie(res, STUDENT_COOKIE)).toBeUndefined();
    }
  });
});

describe('GET /api/student-auth', () => {
  it('answers the same { student }, read fresh from the database', async () => {
    const { id, username } = await insertStudent();
    const cookie = await studentSignIn(username);
    const res = await studentAuth(cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ student: { id, firstName: 'Ava', lastName: 'Nguyen', subscriptionStatus: 'active' } });
    expectNoSecrets(res);
    await StudentModel.collection.updateOne({ _id: id } as never, {
      $set: { firstName: 'Avery', subscriptionStatus: 'past_due' },
    });
    expect((await studentAuth(cookie)).body.student).toMatchObject({
      firstName: 'Avery',
      subscriptionStatus: 'past_due',
    });
  });

  it('answers 401 without a cookie and for a parent cookie', async () => {
    expect((await studentAuth()).status).toBe(401);
    const email = uniqueEmail();
    await request(app).post('/api/register').send({ email, password: 'secret-pass-1' });
    const login = await request(app).post('/api/login').send({ email, password: 'secret-pass-1' });
    const parent = cookiePair(login, PARENT_COOKIE);
    expect((await studentAuth(parent)).status).toBe(401);
    // ...and the student cookie does not open the parent's route.
    const { username } = await insertStudent();
    const student = await studentSignIn(username);
    expect((await request(app).get('/api/user').set('cookie', student)).status).toBe(401);
    // Both held at once: each route picks its own.
    const both = `${parent}; ${student}`;
    expect((await request(app).get('/api/user').set('cookie', both)).body.email).toBe(email);
    expect((await studentAuth(both)).status).toBe(200);
  });

  it('stops accepting the token once the login is updated (login version changes)', async () => {
    const { id, username } = await insertStudent();
    const cookie = await studentSignIn(username);
    expect((await studentAuth(cookie)).status).toBe(200);
    await StudentModel.collection.updateOne({ _id: id } as never, { $set: { loginVersion: 1 } });
    await loginChanged(id, 1);
    const res = await studentAuth(cookie);
    expect(res.status).toBe(401);
    // Signing in again with the new login works and carries the new version.
    await StudentModel.collection.updateOne({ _id: id } as never, {
      $set: { studentPassword: await bcrypt.hash('newpass1', 10) },
    });
    const again = await studentLogin(username, 'newpass1');
    expect(again.status).toBe(200);
    expect((await studentAuth(cookiePair(again, STUDENT_COOKIE))).status).toBe(200);
  });

  it('stops accepting the token once the login is deleted', async () => {
    const { id, username } = await insertStudent();
    const cookie = await studentSignIn(username);
    await StudentModel.collection.updateOne({ _id: id } as never, {
      $set: { hasStudentLogin: false, studentUsername: null, studentPassword: null, loginVersion: 1 },
    });
    await loginChanged(id, 1);
    expect((await studentAuth(cookie)).status).toBe(401);
    expect((await studentLogin(username, 'drive123')).status).toBe(401);
  });

  it('answers 401 once the student record is gone', async () => {
    const { id, username } = await insertStudent();
    const cookie = await studentSignIn(username);
    await StudentModel.collection.deleteOne({ _id: id } as never);
    expect((await studentAuth(cookie)).status).toBe(401);
  });
});

describe('POST /api/student-logout', () => {
  it('ends the student session and clears the cookie, leaving a parent session alone', async () => {
    const { username } = await insertStudent();
    const student = await studentSignIn(username);
    const email = uniqueEmail();
    await request(app).post('/api/register').send({ email, password: 'secret-pass-1' });
    const parent = cookiePair(
      await request(app).post('/api/login').send({ email, password: 'secret-pass-1' }),
      PARENT_COOKIE,
    );

    const out = await request(app).post('/api/student-logout').set('cookie', `${parent}; ${student}`);
    expect(out.status).toBe(200);
    expect(setCookie(out, STUDENT_COOKIE)).toMatch(/^ll_student=;.*Expires=Thu, 01 Jan 1970/);
    expect(setCookie(out, PARENT_COOKIE)).toBeUndefined();
    expect((await studentAuth(student)).status).toBe(401);
    expect((await request(app).get('/api/user').set('cookie', parent)).status).toBe(200);
  });

  it('answers 200 when no student is signed in', async () => {
    const res = await request(app).post('/api/student-logout');
    expect(res.status).toBe(200);
  });

  it('does not let a parent logout end a student session', async () => {
    const { username } = await insertStudent();
    const student = await studentSignIn(username);
    await request(app).post('/api/logout').set('cookie', student);
    expect((await studentAuth(student)).status).toBe(200);
  });
});
