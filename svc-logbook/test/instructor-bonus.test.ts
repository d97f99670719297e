import { bonusText, computeProgress, instructorBonus } from '@logbook/contracts/progress';
import { instructorBonusOf, stateRulesOn } from '@logbook/contracts/state-rules';
import { VALIDATION } from '@logbook/contracts/messages';
import { useProductDay } from '@logbook/service-kit/test-clock';
import { http, insertStudent, newParent, sessionBody, useDatabase } from './helpers';

useDatabase();
// The rules and targets as on a fixed day, whatever the machine's date.
const DAY = '2026-11-28';
useProductDay(DAY);

async function familyIn(state: string | null) {
  const parent = await newParent();
  const student = await insertStudent(parent.userId);
  if (state) {
    const res = await http().put('/api/settings/state').set('Cookie', parent.cookie).send({ value: state });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ key: 'state', value: state });
  }
  return { parent, student };
}

async function logLessons(cookie: string, studentId: number, lessons: Array<[string, string, boolean, string?]>) {
  for (const [startTime, endTime, supervisorIsInstructor, timeOfDay] of lessons) {
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', cookie)
      .send(sessionBody(studentId, { startTime, endTime, supervisorIsInstructor, timeOfDay: timeOfDay ?? 'day' }));
    expect(res.status).toBe(201);
  }
}

describe('instructor lessons at the state rule', () => {
  it('NSW: each lesson hour counts as three, in the summary and its words', async () => {
    const { parent, student } = await familyIn('NSW');
    await logLessons(parent.cookie, student.id, [
      ['08:00', '09:30', true],
      ['10:00', '11:30', true],
      ['12:00', '13:00', false],
    ]);
    const summary = (await http().get(`/api/driving-sessions/${student.id}/summary`).set('Cookie', parent.cookie)).body;
    // 4 hours driven, 3 of them lessons: 6 bonus hours, counted as day hours.
    expect(summary).toMatchObject({
      bonusHours: 6,
      instructorLessons: 2,
      dayHours: 10,
      totalHours: 10,
      sessionCount: 3,
    });
    expect(bonusText(summary)).toBe('including 6 bonus hours from 2 lessons');
  });

  it('NSW: the bonus stops at 10 lesson hours, and a night lesson still gives one night hour an hour', async () => {
    const { parent, student } = await familyIn('NSW');
    await logLessons(parent.cookie, student.id, [
      ['06:00', '10:00', true],
      ['11:00', '15:00', true],
      ['19:00', '23:00', true, 'night'],
    ]);
    const summary = (await http().get(`/api/driving-sessions/${student.id}/summary`).set('Cookie', parent.cookie)).body;
    // 12 lesson hours, 10 of them at the bonus rate: 20 bonus hours, all day hours.
    expect(summary).toMatchObject({
      bonusHours: 20,
      instructorLessons: 3,
      nightHours: 4,
      dayHours: 28,
      totalHours: 32,
    });
  });

  it('a state without a bonus (Victoria) counts lessons as plain hours', async () => {
    const { parent, student } = await familyIn('VIC');
    await logLessons(parent.cookie, student.id, [
      ['08:00', '09:30', true],
      ['10:00', '11:30', true],
    ]);
    const summary = (await http().get(`/api/driving-sessions/${student.id}/summary`).set('Cookie', parent.cookie)).body;
    expect(summary).toMatchObject({ bonusHours: 0, instructorLessons: 0, dayHours: 3, totalHours: 3 });
    expect(bonusText(summary)).toBeNull();
  });

  it('the state is the parent’s to choose; an unknown one is refused and the choice is kept', async () => {
    const { parent, student } = await familyIn('NSW');
    const bad = await http().put('/api/settings/state').set('Cookie', parent.cookie).send({ value: 'XX' });
    expect([bad.status, bad.body]).toEqual([400, { message: VALIDATION.stateInvalid }]);
    const { cookieFor } = await import('./helpers');
    const byStudent = await http()
      .put('/api/settings/state')
      .set('Cookie', await cookieFor(student))
      .send({ value: 'VIC' });
    expect(byStudent.status).toBe(401);
    const settings = (await http().get('/api/settings').set('Cookie', parent.cookie)).body;
    expect(settings).toContainEqual({ key: 'state', value: 'NSW' });
  });
});

describe('the state table and the shared helpers', () => {
  it('records a bonus rule with its source for the states whose verified rule has one in force', () => {
    // South Australia's credit is not in force before its published date; Queensland's is not verified.
    const rules = stateRulesOn(DAY);
    expect(rules.filter((r) => r.instructorBonus).map((r) => r.code)).toEqual(['NSW', 'TAS']);
    for (const rule of rules) {
      if (rule.instructorBonus) expect(rule.instructorBonus.source).toMatch(/^https?:\/\/[a-z.]+\.gov\.au\//);
    }
    expect(instructorBonusOf('NSW', DAY)).toMatchObject({ multiplier: 3, maxLessonHours: 10 });
    expect(instructorBonusOf('VIC', DAY)).toBeNull();
    expect(instructorBonusOf('WA', DAY)).toBeNull();
  });

  it('counts the oldest lessons first up to the cap, and words the bonus', () => {
    const rule = { multiplier: 3, maxLessonHours: 2, source: 'https://example.test' };
    const lessons = [
      { duration: '1.5 hours', timeOfDay: 'day', supervisorIsInstructor: true, date: '2026-03-02', startTime: '09:00' },
      { duration: '1.5 hours', timeOfDay: 'day', supervisorIsInstructor: true, date: '2026-03-01', startTime: '09:00' },
      { duration: '3 hours', timeOfDay: 'day', supervisorIsInstructor: false, date: '2026-03-01', startTime: '12:00' },
    ];
    expect(instructorBonus(lessons, rule)).toEqual({ bonusHours: 4, instructorLessons: 2 });
    expect(instructorBonus(lessons, null)).toEqual({ bonusHours: 0, instructorLessons: 0 });
    expect(computeProgress(lessons, { day: 10, night: 0 }, {}, rule)).toMatchObject({ dayHours: 10, totalHours: 10 });
    expect(bonusText({ bonusHours: 1, instructorLessons: 1 })).toBe('including 1 bonus hour from 1 lesson');
    expect(bonusText({ bonusHours: 2.5, instructorLessons: 2 })).toBe('including 2.5 bonus hours from 2 lessons');
  });
});
