import express from 'express';
import request from 'supertest';
import { createServiceApp } from '@logbook/service-kit/app';
import { requireStudent, studentOf } from '@logbook/service-kit/auth';
import { internalHeaders } from '@logbook/service-kit/internal';
import { parentCookie, studentCookie } from '@logbook/service-kit/testing';
import { createApp } from '../src/app';
import { StudentModel } from '../src/students/model';

/**
 * The service app as it ships, plus:
 * - a recorder of every response body, so a file can prove no password hash ever left the service;
 * - a route behind the real student guard, to see whether a student's token still works.
 */
export function makeTestApp() {
  const bodies: string[] = [];
  const guardProbe = express.Router();
  guardProbe.get('/api/test/student-session', requireStudent, (_req, res) => {
    res.json({ studentId: studentOf(res).studentId });
  });
  const probeApp = createServiceApp({ name: 'student-guard-probe', routers: [guardProbe] });
  const app = express();
  app.use((_req, res, next) => {
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      bodies.push(typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString() : JSON.stringify(body));
      return send(body);
    };
    next();
  });
  app.use((req, res, next) => (req.path.startsWith('/api/test/') ? probeApp(req, res) : next()));
  app.use(createApp());
  return { app, bodies };
}

let nextUserId = 1000;
export async function newParent() {
  const userId = ++nextUserId;
  return { userId, cookie: await parentCookie(userId) };
}

export const aStudent = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ava',
  lastName: 'Nguyen',
  dateOfBirth: '2009-04-17',
  licenseNumber: 'L1234567',
  ...overrides,
});

export async function addStudent(app: express.Express, cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await request(app).post('/api/students').set('cookie', cookie).send(aStudent(overrides));
  expect(res.status).toBe(201);
  return res.body as { id: number; firstName: string; lastName: string };
}

let subscriptionVersion = 0;

/** svc-billing owns the status and tells this service of each change: its `subscription` event, sent as it sends it. */
export async function setSubscription(studentId: number, status: string) {
  const userId = (await StudentModel.findById(studentId).select({ userId: 1 }).lean())?.userId ?? 1;
  await request(createApp())
    .post('/internal/events')
    .set(internalHeaders())
    .send({ topic: 'subscription', key: studentId, version: ++subscriptionVersion, data: { userId, status } })
    .expect(204);
}

/** The student's stored document with nothing hidden (the hash included), for checking what was written. */
export async function storedStudent(studentId: number) {
  return StudentModel.collection.findOne({ _id: studentId } as never) as Promise<Record<string, unknown> | null>;
}

/** A family: a parent, two students (siblings) with working student logins and cookies. */
export async function familyWithLogins(app: express.Express, name: string) {
  const parent = await newParent();
  const student = await addStudent(app, parent.cookie, { firstName: name });
  const sibling = await addStudent(app, parent.cookie, { firstName: `${name}'s sibling` });
  for (const s of [student, sibling]) {
    await setSubscription(s.id, 'active');
    const made = await request(app)
      .post(`/api/students/${s.id}/create-login`)
      .set('cookie', parent.cookie)
      .send({ studentUsername: `${name.toLowerCase()}-${s.id}`, studentPassword: 'learner-pass' });
    expect(made.status).toBe(201);
  }
  const studentCookieOf = (s: { id: number }) => studentCookie(s.id, parent.userId, 0);
  return {
    parent,
    student,
    sibling,
    studentCookie: await studentCookieOf(student),
    siblingCookie: await studentCookieOf(sibling),
  };
}

/** Nothing any response carried may look like a bcrypt hash or repeat a password that was sent. */
export function expectNoSecrets(bodies: string[], passwords: string[]) {
  expect(bodies.length).toBeGreaterThan(20);
  for (const body of bodies) {
    expect(body).not.toContain('$2');
    expect(body).not.toContain('studentPassword');
    for (const p of passwords) expect(body).not.toContain(p);
  }
}

type Family = Awaited<ReturnType<typeof familyWithLogins>>;

/**
 * Everyone except the student's own parent, with what each must get on a route about A's student: another parent
 * gets 404 (the student is not theirs), and student cookies are not parent cookies, so every student gets 401.
 */
export function strangers(a: Family, b: Family): Array<[string, string | undefined, number]> {
  return [
    ['parent B', b.parent.cookie, 404],
    ['the student', a.studentCookie, 401],
    ["the student's sibling", a.siblingCookie, 401],
    ["B's student", b.studentCookie, 401],
    ['nobody', undefined, 401],
  ];
}

/** The student cookies used in a matrix must be live, or their 401 would prove nothing. */
export async function expectStudentCookiesWork(app: express.Express, ...cookies: string[]) {
  for (const cookie of cookies) {
    expect((await request(app).get('/api/test/student-session').set('cookie', cookie)).status).toBe(200);
  }
}
