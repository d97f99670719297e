import request from 'supertest';
import { localDateISO } from '@logbook/contracts/dates';
import { studentEventSchema } from '@logbook/contracts/internal-api';
import { VALIDATION } from '@logbook/contracts/messages';
import { COURSE_MESSAGES } from '@logbook/contracts/student-courses';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { models } from '../src/app';
import { studentEvent } from '../src/events/publisher';
import { addStudent, aStudent, familyWithLogins, makeTestApp, newParent } from './support';

const { app } = makeTestApp();

beforeAll(async () => {
  await setupTestDatabase(models);
});
afterAll(teardownTestDatabase);

const tomorrow = () => {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return localDateISO(d);
};

const SDC = { id: 'safer-drivers-course', completedOn: '2026-02-10' };

describe('the courses a learner completed', () => {
  it('are kept with the student, changed and cleared with PUT, and told to the log book with the profile', async () => {
    const { cookie } = await newParent();
    const made = await request(app)
      .post('/api/students')
      .set('cookie', cookie)
      .send({ ...aStudent(), courses: [SDC] });
    expect([made.status, made.body.courses]).toEqual([201, [SDC]]);
    const event = studentEventSchema.parse((await studentEvent(made.body.id))?.data);
    expect(event.courses).toEqual([SDC]);

    const both = [
      { id: 'ryda', completedOn: '2025-09-01' },
      { id: 'safer-drivers-course', completedOn: ' 2026-03-01 ' },
    ];
    const changed = await request(app)
      .put(`/api/students/${made.body.id}`)
      .set('cookie', cookie)
      .send({ ...aStudent(), courses: both });
    expect(changed.status).toBe(200);
    const kept = [
      { id: 'ryda', completedOn: '2025-09-01' },
      { id: 'safer-drivers-course', completedOn: '2026-03-01' },
    ];
    expect(changed.body.courses).toEqual(kept);
    expect((await request(app).get(`/api/students/${made.body.id}`).set('cookie', cookie)).body.courses).toEqual(kept);

    // A profile change that does not name the courses leaves them as they are.
    await request(app).put(`/api/students/${made.body.id}`).set('cookie', cookie).send(aStudent()).expect(200);
    expect((await studentEvent(made.body.id))?.data.courses).toEqual(kept);

    const cleared = await request(app)
      .put(`/api/students/${made.body.id}`)
      .set('cookie', cookie)
      .send({ ...aStudent(), courses: [] });
    expect(cleared.body.courses).toBeUndefined();
    expect((await studentEvent(made.body.id))?.data.courses).toEqual([]);
  });

  it('refuses a course no rule credits, a date that is not a past day, the same course twice, and wrong types', async () => {
    const { cookie } = await newParent();
    const student = await addStudent(app, cookie);
    const cases: Array<[unknown, string]> = [
      [[{ id: 'defensive-driving', completedOn: '2026-02-10' }], COURSE_MESSAGES.courseUnknown],
      [[{ id: { $ne: null }, completedOn: '2026-02-10' }], COURSE_MESSAGES.courseUnknown],
      [[{ ...SDC, completedOn: tomorrow() }], COURSE_MESSAGES.courseDateInvalid],
      [[{ ...SDC, completedOn: '2026-02-30' }], COURSE_MESSAGES.courseDateInvalid],
      [[{ id: 'ryda' }], COURSE_MESSAGES.courseDateInvalid],
      [[SDC, { ...SDC, completedOn: '2026-03-01' }], COURSE_MESSAGES.courseRepeated],
      ['safer-drivers-course', VALIDATION.invalidInput],
    ];
    for (const [courses, message] of cases) {
      const res = await request(app)
        .put(`/api/students/${student.id}`)
        .set('cookie', cookie)
        .send({ ...aStudent(), courses });
      expect([res.status, res.body]).toEqual([400, { message }]);
    }
    expect((await request(app).get(`/api/students/${student.id}`).set('cookie', cookie)).body.courses).toBeUndefined();
  });

  it("are the parent's alone: another parent 404, the learner and nobody 401, and refused writes change nothing", async () => {
    const family = await familyWithLogins(app, 'Course');
    const other = await newParent();
    const put = (who: string | undefined) => {
      const req = request(app).put(`/api/students/${family.student.id}`);
      if (who) req.set('cookie', who);
      return req.send({ ...aStudent(), courses: [SDC] });
    };
    expect((await put(other.cookie)).status).toBe(404);
    expect((await put(family.studentCookie)).status).toBe(401);
    expect((await put(undefined)).status).toBe(401);
    expect(
      (await request(app).get(`/api/students/${family.student.id}`).set('cookie', family.parent.cookie)).body.courses,
    ).toBeUndefined();
  });
});
