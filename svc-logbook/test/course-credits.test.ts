import { readinessSchema } from '@logbook/contracts/readiness';
import { progressSummarySchema } from '@logbook/contracts/progress-summary';
import {
  cookieFor,
  fetchPdf,
  http,
  insertStudent,
  newParent,
  pdfTextOf,
  sendEvent,
  sessionBody,
  useDatabase,
} from './helpers';
import { useProductDay } from '@logbook/service-kit/test-clock';

useDatabase();
// The rules, targets and readiness as on a fixed day, whatever the machine's date.
useProductDay('2026-11-28');

let version = 100;

/** A learner of a family in `state`, with the courses svc-students' `student` event says they completed. */
async function learner(state: string, courses: Array<{ id: string; completedOn: string }>, dateOfBirth = '2008-04-12') {
  const parent = await newParent();
  expect((await http().put('/api/settings/state').set('Cookie', parent.cookie).send({ value: state })).status).toBe(
    200,
  );
  const student = await insertStudent(parent.userId, { dateOfBirth });
  await sendEvent({
    topic: 'student',
    key: student.id,
    version: ++version,
    data: {
      userId: parent.userId,
      firstName: 'Alex',
      lastName: 'Learner',
      dateOfBirth,
      licenseNumber: null,
      permitDate: '2025-01-15',
      courses,
      openingBalance: null,
    },
  });
  return { parent, student };
}

/** Ten-hour day drives on the given days of February 2026: ten hours each. */
async function drives(studentId: number, cookie: string, days: string[]) {
  for (const day of days) {
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', cookie)
      .send(sessionBody(studentId, { date: `2026-02-${day}`, startTime: '07:00', endTime: '17:00' }));
    expect(res.status).toBe(201);
  }
}

const summaryOf = async (id: number, cookie: string) =>
  progressSummarySchema.parse(
    (await http().get(`/api/driving-sessions/${id}/summary`).set('Cookie', cookie).expect(200)).body,
  );
const readinessOf = async (id: number, cookie: string) =>
  readinessSchema.parse(
    (await http().get(`/api/driving-sessions/${id}/readiness`).set('Cookie', cookie).expect(200)).body,
  );
const check = async (id: number, cookie: string, which: string) =>
  (await readinessOf(id, cookie)).checks.find((c) => c.id === which);

describe('courses the learner completed, counted under the state rule', () => {
  it('NSW: the Safer Drivers Course adds 20 hours once, after 50 logged, in progress, readiness and the PDF', async () => {
    const { parent, student } = await learner('NSW', [{ id: 'safer-drivers-course', completedOn: '2026-02-10' }]);
    await drives(student.id, parent.cookie, ['01', '02', '03', '04', '05']);

    const summary = await summaryOf(student.id, parent.cookie);
    expect(summary).toMatchObject({ totalHours: 70, dayHours: 70, courseHours: 20 });
    expect(summary.courses).toEqual([{ id: 'safer-drivers-course', name: 'Safer Drivers Course', hours: 20 }]);
    // The learner sees the same.
    expect((await summaryOf(student.id, await cookieFor(student))).totalHours).toBe(70);

    const readiness = await readinessOf(student.id, parent.cookie);
    expect(readiness.checks.find((c) => c.id === 'hours')).toMatchObject({
      ok: false,
      message: 'Not yet: 70 of 120 hours logged, 50 to go',
    });
    expect(readiness.checks.find((c) => c.id === 'courses')).toEqual({
      id: 'courses',
      ok: true,
      message: 'Safer Drivers Course: 20 hours counted',
      source: 'http://roadsafety.transport.nsw.gov.au/stayingsafe/drivers/youngdrivers/youngerdriverscourse.html',
    });

    const text = pdfTextOf(await fetchPdf(student.id, parent.cookie));
    expect(text).toContain('Total hours including 20 hours from the Safer Drivers Course');
    expect(text).toContain('Not yet: 70 of 120 hours logged, 50 to go');
    expect(text).toContain('Done: Safer Drivers Course: 20 hours counted');
  });

  it('NSW: a course done before 50 hours were logged, or at 25, adds nothing and says why; none recorded, nothing', async () => {
    const early = await learner('NSW', [{ id: 'safer-drivers-course', completedOn: '2026-02-03' }]);
    await drives(early.student.id, early.parent.cookie, ['01', '02', '03', '04', '05']);
    const early50 = await summaryOf(early.student.id, early.parent.cookie);
    expect(early50.totalHours).toBe(50);
    expect(early50.courseHours).toBeUndefined();
    expect(await check(early.student.id, early.parent.cookie, 'courses')).toMatchObject({
      ok: false,
      message: 'Safer Drivers Course not counted: needs 50 hours logged before it (30 by 3 Feb 2026)',
    });

    const older = await learner('NSW', [{ id: 'safer-drivers-course', completedOn: '2026-02-10' }], '2000-01-01');
    await drives(older.student.id, older.parent.cookie, ['01', '02', '03', '04', '05']);
    expect((await summaryOf(older.student.id, older.parent.cookie)).totalHours).toBe(50);
    expect((await check(older.student.id, older.parent.cookie, 'courses'))?.message).toBe(
      'Safer Drivers Course not counted: counts only under 25 on the day of the course',
    );

    const none = await learner('NSW', []);
    await drives(none.student.id, none.parent.cookie, ['01', '02', '03', '04', '05']);
    const plain = await summaryOf(none.student.id, none.parent.cookie);
    expect(plain.totalHours).toBe(50);
    expect(plain.courses).toBeUndefined();
    expect((await readinessOf(none.student.id, none.parent.cookie)).checks.map((c) => c.id)).toEqual([
      'hours',
      'night-hours',
      'permit-time',
      'entries',
      'supervisors',
    ]);
  });

  it('TAS: the RYDA program adds 5 hours once, for a 2020 course onwards; before it, and in SA, nothing', async () => {
    const tas = await learner('TAS', [{ id: 'ryda', completedOn: '2026-01-20' }]);
    await drives(tas.student.id, tas.parent.cookie, ['01']);
    expect(await summaryOf(tas.student.id, tas.parent.cookie)).toMatchObject({
      totalHours: 15,
      courseHours: 5,
      courses: [{ id: 'ryda', name: 'Rotary Youth Driver Awareness program', hours: 5 }],
    });
    expect((await check(tas.student.id, tas.parent.cookie, 'hours'))?.message).toBe(
      'Not yet: 15 of 80 hours logged, 65 to go',
    );
    expect((await check(tas.student.id, tas.parent.cookie, 'courses'))?.message).toBe(
      'Rotary Youth Driver Awareness program: 5 hours counted',
    );

    // For a 2020 course onwards: one of November 2020 counts, one of 2019 does not.
    const late2020 = await learner('TAS', [{ id: 'ryda', completedOn: '2020-11-30' }], '2004-03-01');
    expect((await summaryOf(late2020.student.id, late2020.parent.cookie)).courseHours).toBe(5);
    const before = await learner('TAS', [{ id: 'ryda', completedOn: '2019-12-31' }], '2004-03-01');
    expect((await summaryOf(before.student.id, before.parent.cookie)).courseHours).toBeUndefined();
    expect((await check(before.student.id, before.parent.cookie, 'courses'))?.message).toBe(
      "Rotary Youth Driver Awareness program not counted: not credited by Tasmania's rule on 31 Dec 2019",
    );

    const sa = await learner('SA', [{ id: 'safer-drivers-course', completedOn: '2026-02-10' }]);
    await drives(sa.student.id, sa.parent.cookie, ['01', '02', '03', '04', '05']);
    expect(await summaryOf(sa.student.id, sa.parent.cookie)).toMatchObject({ totalHours: 50 });
    expect((await check(sa.student.id, sa.parent.cookie, 'courses'))?.message).toBe(
      "Safer Drivers Course not counted: not credited by South Australia's rule on 10 Feb 2026",
    );
  });
});
