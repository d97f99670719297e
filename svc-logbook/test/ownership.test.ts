import { API_ERRORS } from '@logbook/contracts/messages';
import { studentCookie } from '@logbook/service-kit/testing';
import { endStudentSessions } from '@logbook/service-kit/auth';
import { VerificationCodeModel } from '../src/chain/model';
import {
  cookieFor,
  http,
  insertStudent,
  newParent,
  sessionBody,
  sessionCount,
  useDatabase,
  type TestStudent,
} from './helpers';

useDatabase();

/** Two families: A with two children (the student in question and a sibling), B with one. */
async function families() {
  const parentA = await newParent();
  const parentB = await newParent();
  const student = await insertStudent(parentA.userId, { firstName: 'Ella', lastName: 'Abbott' });
  const sibling = await insertStudent(parentA.userId, { firstName: 'Finn', lastName: 'Abbott' });
  const other = await insertStudent(parentB.userId, { firstName: 'Gus', lastName: 'Baker' });
  const callers: Record<string, string | undefined> = {
    'parent A': parentA.cookie,
    'parent B': parentB.cookie,
    'student of A': await studentCookie(student.id, parentA.userId),
    'sibling student of A': await cookieFor(sibling),
    'student of B': await cookieFor(other),
    nobody: undefined,
  };
  return { parentA, student, callers };
}

const MATRIX: [string, 'ok' | 404 | 401][] = [
  ['parent A', 'ok'],
  ['student of A', 'ok'],
  ['parent B', 404],
  ['sibling student of A', 404],
  ['student of B', 404],
  ['nobody', 401],
];

const withCookie = <T extends { set(name: string, value: string): T }>(req: T, cookie: string | undefined) =>
  cookie ? req.set('Cookie', cookie) : req;

const refusal = (status: 404 | 401) =>
  status === 404 ? { message: API_ERRORS.studentNotFound } : { message: API_ERRORS.unauthenticated };

describe.each(MATRIX)('%s', (caller, expected) => {
  let student: TestStudent;
  let cookie: string | undefined;
  let logged: number;

  beforeAll(async () => {
    const setup = await families();
    student = setup.student;
    cookie = setup.callers[caller];
    const first = await http()
      .post('/api/driving-sessions')
      .set('Cookie', setup.parentA.cookie)
      .send(sessionBody(student.id));
    expect(first.status).toBe(201);
    logged = first.body.id;
  });

  it(`POST /api/driving-sessions → ${expected === 'ok' ? 201 : expected}`, async () => {
    const res = await withCookie(http().post('/api/driving-sessions'), cookie).send(sessionBody(student.id));
    if (expected === 'ok') {
      expect(res.status).toBe(201);
      expect(res.body.studentId).toBe(student.id);
      expect(await sessionCount(student.id)).toBe(2);
    } else {
      expect(res.status).toBe(expected);
      expect(res.body).toEqual(refusal(expected));
      expect(await sessionCount(student.id)).toBe(1); // nothing written
    }
  });

  it(`GET /api/driving-sessions/:studentId → ${expected === 'ok' ? 200 : expected}`, async () => {
    const res = await withCookie(http().get(`/api/driving-sessions/${student.id}?include=signatures`), cookie);
    if (expected === 'ok') {
      expect(res.status).toBe(200);
      expect(res.body.map((s: { id: number }) => s.id)).toContain(logged);
    } else {
      expect(res.status).toBe(expected);
      expect(res.body).toEqual(refusal(expected));
    }
  });

  it(`GET /api/driving-sessions/:studentId/summary → ${expected === 'ok' ? 200 : expected}`, async () => {
    const res = await withCookie(http().get(`/api/driving-sessions/${student.id}/summary`), cookie);
    if (expected === 'ok') {
      expect(res.status).toBe(200);
      expect(res.body.sessionCount).toBeGreaterThanOrEqual(1);
    } else {
      expect(res.status).toBe(expected);
      expect(res.body).toEqual(refusal(expected));
      expect(res.body.dayHours).toBeUndefined();
    }
  });

  it(`GET /api/driving-sessions/:studentId/insights → ${expected === 'ok' ? 200 : expected}`, async () => {
    const res = await withCookie(http().get(`/api/driving-sessions/${student.id}/insights?today=2026-03-08`), cookie);
    if (expected === 'ok') {
      expect(res.status).toBe(200);
      expect(res.body.hoursPerWeek).toEqual([0, 0, 0, 3]); // its session and the one the POST above logged
    } else {
      expect(res.status).toBe(expected);
      expect(res.body).toEqual(refusal(expected));
    }
  });

  it(`GET /api/driving-sessions/:studentId/verification → ${expected === 'ok' ? 200 : expected}`, async () => {
    const res = await withCookie(http().get(`/api/driving-sessions/${student.id}/verification`), cookie);
    if (expected === 'ok') {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: expect.stringMatching(/^[A-Z2-7]{16}$/), intact: true });
    } else {
      expect(res.status).toBe(expected);
      expect(res.body).toEqual(refusal(expected));
      expect(await VerificationCodeModel.countDocuments({ studentId: student.id })).toBe(0); // nothing made
    }
  });

  it(`GET /api/driving-sessions/:studentId/pdf → ${expected === 'ok' ? 200 : expected}`, async () => {
    const res = await withCookie(http().get(`/api/driving-sessions/${student.id}/pdf`), cookie);
    if (expected === 'ok') {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
    } else {
      expect(res.status).toBe(expected);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.body).toEqual(refusal(expected));
    }
  });
});

describe('a student whose login was removed or changed', () => {
  it('is signed out of every route (401) and writes nothing', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const cookie = await cookieFor(student);
    // What svc-auth does when svc-students says the login changed (login version 1).
    await endStudentSessions(student.id, 1);
    for (const path of ['', '/summary', '/pdf', '/insights', '/verification']) {
      const res = await http().get(`/api/driving-sessions/${student.id}${path}`).set('Cookie', cookie);
      expect(res.status).toBe(401);
    }
    const post = await http().post('/api/driving-sessions').set('Cookie', cookie).send(sessionBody(student.id));
    expect(post.status).toBe(401);
    const after = await http().get(`/api/driving-sessions/${student.id}`).set('Cookie', cookie);
    expect(after.status).toBe(401);
    expect(await sessionCount(student.id)).toBe(0);
  });

  it('a parent cookie and a student cookie together still see only what one of them owns', async () => {
    const parentA = await newParent();
    const parentB = await newParent();
    const studentOfB = await insertStudent(parentB.userId);
    const studentOfA = await insertStudent(parentA.userId);
    const both = `${parentA.cookie}; ${await cookieFor(studentOfB)}`;
    expect((await http().get(`/api/driving-sessions/${studentOfA.id}`).set('Cookie', both)).status).toBe(200);
    expect((await http().get(`/api/driving-sessions/${studentOfB.id}`).set('Cookie', both)).status).toBe(200);
    const third = await insertStudent(parentB.userId);
    expect((await http().get(`/api/driving-sessions/${third.id}`).set('Cookie', both)).status).toBe(404);
  });
});
