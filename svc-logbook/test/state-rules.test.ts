import { readinessSchema, stateRulesAnswerSchema } from '@logbook/contracts/readiness';
import { VALIDATION } from '@logbook/contracts/messages';
import fs from 'node:fs';
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

describe('GET /api/state-rules', () => {
  it("answers every state's rule in force on the day, public and cached, each figure with its page", async () => {
    const res = await http().get('/api/state-rules?on=2026-11-25');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const answer = stateRulesAnswerSchema.parse(res.body);
    expect(answer.on).toBe('2026-11-25');
    expect(answer.rules.map((r) => r.state)).toEqual(['SA', 'NSW', 'VIC', 'QLD', 'WA', 'TAS', 'ACT', 'NT']);
    const sa = answer.rules[0]!;
    expect(sa.hours[0]).toMatchObject({ totalHours: 75, nightHours: 15, verified: true });
    expect(sa.lessonCredit).toBeNull();
    expect(sa.supervisor).toMatchObject({ fullLicenceYears: 2 });
    expect(answer.rules.find((r) => r.state === 'QLD')!.entryFields.fields).toEqual(
      expect.arrayContaining(['vehicleRegistration', 'odometer']),
    );
  });

  it('answers the rules mended against what the states publish, each with its page', async () => {
    const answer = stateRulesAnswerSchema.parse((await http().get('/api/state-rules?on=2026-11-28')).body);
    const of = (state: string) => answer.rules.find((r) => r.state === state)!;
    expect(of('TAS').supervisor).toMatchObject({ fullLicenceYears: 1, verified: true });
    expect(of('TAS').supervisor.source).toContain('transport.tas.gov.au');
    expect(of('ACT').ageCountedOn).toBe('permitDate');
    expect(of('ACT').hours[0]!.note).toContain('when the learner licence was issued');
    expect(of('SA').entryFields.fields).toContain('locations');
    const ryda2020 = stateRulesAnswerSchema.parse((await http().get('/api/state-rules?on=2020-03-01')).body);
    expect(ryda2020.rules.find((r) => r.state === 'TAS')!.courseCredits.map((c) => c.id)).toEqual(['ryda']);
  });

  it('ACT: readiness asks 100 hours, 10 at night, of a learner whose permit was issued at 24, after they turn 25', async () => {
    const parent = await newParent();
    await http().put('/api/settings/state').set('Cookie', parent.cookie).send({ value: 'ACT' }).expect(200);
    const dateOfBirth = '2000-06-15';
    const student = await insertStudent(parent.userId, { dateOfBirth });
    await sendEvent({
      topic: 'student',
      key: student.id,
      version: 1000,
      data: {
        userId: parent.userId,
        firstName: 'Alex',
        lastName: 'Learner',
        dateOfBirth,
        licenseNumber: null,
        permitDate: '2024-12-01',
        openingBalance: null,
      },
    });
    const readiness = readinessSchema.parse(
      (await http().get(`/api/driving-sessions/${student.id}/readiness`).set('Cookie', parent.cookie).expect(200)).body,
    );
    expect(readiness.checks.find((c) => c.id === 'hours')?.message).toBe('Not yet: 0 of 100 hours logged, 100 to go');
    expect(readiness.checks.find((c) => c.id === 'night-hours')?.message).toContain('of 10 night hours');
  });

  it('answers the Tasmanian rule of its day: before and after the single learner period began', async () => {
    const before = (await http().get('/api/state-rules?on=2020-11-30')).body;
    const after = (await http().get('/api/state-rules?on=2020-12-01')).body;
    const tas = (body: { rules: Array<{ state: string; hours: Array<{ totalHours: number }> }> }) =>
      body.rules.find((r) => r.state === 'TAS')!.hours[0]!.totalHours;
    expect([tas(before), tas(after)]).toEqual([50, 80]);
  });

  it('answers today without a date (cached an hour) and refuses a date that is not one', async () => {
    const today = await http().get('/api/state-rules');
    expect(today.status).toBe(200);
    expect(today.headers['cache-control']).toBe('public, max-age=3600');
    for (const bad of ['2026-02-30', 'yesterday', '']) {
      const res = await http().get('/api/state-rules').query({ on: bad });
      expect([res.status, res.body]).toEqual([400, { message: VALIDATION.ruleDateInvalid }]);
    }
    // An operator in place of the date is no date: today's rules.
    const hostile = await http().get('/api/state-rules?on[$gt]=');
    expect([hostile.status, hostile.body.on]).toEqual([200, today.body.on]);
  });
});

describe('a new family starts on its state rule', () => {
  it('a new South Australian family sees of 75 hours, 15 at night; an SA lesson in 2026 counts as plain hours', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const lesson = sessionBody(student.id, { date: '2026-11-20', startTime: '09:00', endTime: '10:30' });
    expect(
      (
        await http()
          .post('/api/driving-sessions')
          .set('Cookie', parent.cookie)
          .send({
            ...lesson,
            supervisorIsInstructor: true,
          })
      ).status,
    ).toBe(201);
    const summary = (await http().get(`/api/driving-sessions/${student.id}/summary`).set('Cookie', parent.cookie)).body;
    expect(summary.targets).toEqual({ day: 60, night: 15, total: 75 });
    expect(summary).toMatchObject({ totalHours: 1.5, bonusHours: 0, instructorLessons: 0 });
  });

  it("targets follow the rule for the learner's age: a Victorian of 17 has 120 (20 at night), of 22 none", async () => {
    const parent = await newParent();
    await http().put('/api/settings/state').set('Cookie', parent.cookie).send({ value: 'VIC' });
    const young = await insertStudent(parent.userId, { dateOfBirth: '2009-05-01' });
    const older = await insertStudent(parent.userId, { dateOfBirth: '2004-05-01' });
    const summaryOf = async (id: number, cookie = parent.cookie) =>
      (await http().get(`/api/driving-sessions/${id}/summary`).set('Cookie', cookie)).body;
    expect((await summaryOf(young.id)).targets).toEqual({ day: 100, night: 20, total: 120 });
    expect((await summaryOf(older.id)).targets).toEqual({ day: 0, night: 0, total: 0 });
    // The state the figures follow is said with them, to the parent and to the learner (a device keeps it offline).
    expect((await summaryOf(young.id)).state).toBe('VIC');
    expect((await summaryOf(young.id, await cookieFor(young))).state).toBe('VIC');
  });

  it('own targets stand until Reset to Defaults, which returns to the state rule (parents only)', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    await http().put('/api/settings/dayTimeTargetHours').set('Cookie', parent.cookie).send({ value: 90 });
    const summary = () => http().get(`/api/driving-sessions/${student.id}/summary`).set('Cookie', parent.cookie);
    expect((await summary()).body.targets).toEqual({ day: 90, night: 15, total: 105 });
    const byStudent = await http()
      .delete('/api/settings/targets')
      .set('Cookie', await cookieFor(student));
    expect(byStudent.status).toBe(401);
    const reset = await http().delete('/api/settings/targets').set('Cookie', parent.cookie);
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual([
      { key: 'dayTimeTargetHours', value: '60' },
      { key: 'nightTimeTargetHours', value: '15' },
      { key: 'targetsFrom', value: 'state' },
    ]);
    expect((await summary()).body.targets).toEqual({ day: 60, night: 15, total: 75 });
  });
});

describe('GET /api/driving-sessions/:studentId/readiness', () => {
  async function learner(permitDate: string | null) {
    const parent = await newParent();
    const student = await insertStudent(parent.userId, { dateOfBirth: '2008-04-12' });
    if (permitDate) {
      await sendEvent({
        topic: 'student',
        key: student.id,
        version: 50,
        data: {
          userId: parent.userId,
          firstName: 'Alex',
          lastName: 'Learner',
          dateOfBirth: '2008-04-12',
          licenseNumber: null,
          permitDate,
          openingBalance: null,
        },
      });
    }
    return { parent, student };
  }

  const readiness = (id: number, cookie: string) =>
    http().get(`/api/driving-sessions/${id}/readiness`).set('Cookie', cookie);

  it('says not yet, and what is missing, then ready once the hours and the supervisor meet the SA rule', async () => {
    const { parent, student } = await learner('2025-01-15');
    const first = await readiness(student.id, parent.cookie);
    expect(first.status).toBe(200);
    const answer = readinessSchema.parse(first.body);
    expect(answer.ready).toBe(false);
    expect(answer.earliestTestDate).toBe('2026-01-15');
    expect(answer.checks.find((c) => c.id === 'hours')).toMatchObject({
      ok: false,
      message: 'Not yet: 0 of 75 hours logged, 75 to go',
      source: 'https://mylicence.sa.gov.au/my-car-licence/learners-stage',
    });

    await http()
      .post('/api/supervisors')
      .set('Cookie', parent.cookie)
      .send({ name: 'Pat Supervisor', licenseNumber: 'SA123456', licenceState: 'SA', fullLicenceYear: 1999 });
    const drive = (date: string, startTime: string, endTime: string, timeOfDay: string) =>
      http()
        .post('/api/driving-sessions')
        .set('Cookie', parent.cookie)
        .send(sessionBody(student.id, { date, startTime, endTime, timeOfDay }));
    // 60 day hours over 5 days and 15 night hours over 3 nights.
    for (const day of ['01', '02', '03', '04', '05'])
      expect((await drive(`2026-02-${day}`, '06:00', '18:00', 'day')).status).toBe(201);
    for (const day of ['06', '07', '08'])
      expect((await drive(`2026-02-${day}`, '18:00', '23:00', 'night')).status).toBe(201);

    const done = readinessSchema.parse((await readiness(student.id, parent.cookie)).body);
    expect(done.checks.filter((c) => !c.ok)).toEqual([]);
    expect(done).toMatchObject({ ready: true, earliestTestDate: '2026-01-15' });
    const asStudent = await readiness(student.id, await cookieFor(student));
    expect(asStudent.body.ready).toBe(true);

    // The PDF's first page says the same in words.
    const pdf = await fetchPdf(student.id, parent.cookie);
    const text = pdfTextOf(pdf);
    expect(text).toContain('READY FOR THE DRIVING TEST Yes earliest test date 15 Jan 2026');
    expect(text).toContain('Done: 75 of 75 hours logged');
    expect(text).toContain('Done: 15 of 15 night hours logged');
    expect(text).toContain('Done: Every supervisor has held a full licence for 2 years or more');
    if (process.env.PDF_SAMPLE_DIR) fs.writeFileSync(`${process.env.PDF_SAMPLE_DIR}/readiness-ready.pdf`, pdf);
  });

  it("asks for the permit date and a supervisor's full-licence year, and is the owners' alone", async () => {
    const { parent, student } = await learner(null);
    await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
    const answer = (await readiness(student.id, parent.cookie)).body;
    expect(answer.earliestTestDate).toBeNull();
    expect(answer.checks.find((c: { id: string }) => c.id === 'permit-time').message).toContain(
      "add the learner's permit date",
    );
    expect(answer.checks.find((c: { id: string }) => c.id === 'supervisors').message).toBe(
      'Not yet: add the year Pat Supervisor got a full licence (2 years needed)',
    );
    const stranger = await newParent();
    expect((await readiness(student.id, stranger.cookie)).status).toBe(404);
    expect((await http().get(`/api/driving-sessions/${student.id}/readiness`)).status).toBe(401);
    expect((await readiness(0, parent.cookie)).status).toBe(400);
  });
});
