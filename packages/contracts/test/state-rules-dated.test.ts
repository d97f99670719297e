import { computeProgress } from '@logbook/contracts/progress';
import {
  instructorBonusOf,
  learnerAgeFor,
  ruleOn,
  rulesOn,
  SA_LESSON_CREDIT_FROM,
  stateRuleVersions,
  targetsFor,
  type Sourced,
  vehicleRecordedOn,
  type StateRuleVersion,
} from '@logbook/contracts/state-rules';
import { addMonths } from '@logbook/contracts/months';
import { readinessOf } from '@logbook/contracts/readiness';

const lesson = (date: string, duration = '1.5 hours', timeOfDay = 'day') => ({
  date,
  startTime: '09:00',
  duration,
  timeOfDay,
  supervisorIsInstructor: true,
});

/** Progress of these sessions counted under the state's rule in force on each one's date. */
function countedUnder(state: 'SA' | 'NSW' | 'TAS', versions: readonly StateRuleVersion[], sessions: object[]) {
  return computeProgress(sessions as never, { day: 0, night: 0 }, {}, (date) =>
    instructorBonusOf(state, date, versions),
  );
}

describe('state rules as dated versions', () => {
  it('every part of every version names an official https or http page and whether it was checked', () => {
    for (const v of stateRuleVersions('2027-03-01')) {
      const parts: Sourced[] = [...v.hours, ...v.permitTime, ...v.courseCredits, v.supervisor, v.entryFields];
      if (v.lessonCredit) parts.push(v.lessonCredit);
      for (const part of parts) {
        expect(part.source).toMatch(/^https?:\/\/[a-z.]*(gov\.au)\//);
        expect(typeof part.verified).toBe('boolean');
        if (!part.verified) expect(part.note).toBeTruthy();
      }
    }
  });

  it('the SA lesson credit has no start date until the state publishes one', () => {
    expect(SA_LESSON_CREDIT_FROM).toBeNull();
    expect(stateRuleVersions().filter((v) => v.state === 'SA')).toHaveLength(1);
    expect(ruleOn('SA', '2030-01-01').lessonCredit).toBeNull();
  });

  it('SA: a 1.5-hour lesson in 2026 counts as 1.5 hours; after a configured start it counts three times', () => {
    const plain = countedUnder('SA', stateRuleVersions(), [lesson('2026-11-20')]);
    expect(plain).toMatchObject({ totalHours: 1.5, bonusHours: 0, instructorLessons: 0 });

    const configured = stateRuleVersions('2027-03-01');
    const before = countedUnder('SA', configured, [lesson('2026-11-20')]);
    expect(before).toMatchObject({ totalHours: 1.5, bonusHours: 0 });
    const after = countedUnder('SA', configured, [lesson('2027-03-01')]);
    expect(after).toMatchObject({ totalHours: 4.5, bonusHours: 3, instructorLessons: 1 });
  });

  it('SA: the credit stops at its cap of 5 lesson hours (15 logged)', () => {
    const configured = stateRuleVersions('2027-03-01');
    const lessons = [lesson('2027-03-02', '3 hours'), lesson('2027-03-03', '3 hours'), lesson('2027-03-04', '2 hours')];
    // 8 lesson hours, 5 of them at three for one: 10 extra hours.
    expect(countedUnder('SA', configured, lessons)).toMatchObject({ bonusHours: 10, totalHours: 18 });
  });

  it('a rule change mid-log counts each session under its own date, and earlier lessons use none of the cap', () => {
    const configured = stateRuleVersions('2027-03-01');
    const lessons = [
      lesson('2026-12-01', '4 hours'),
      lesson('2027-02-28', '2 hours'),
      lesson('2027-03-01', '2 hours'),
      lesson('2027-04-01', '4 hours'),
    ];
    // The first two count plain; the last two give 5 lesson hours at three for one (cap) and 1 plain.
    expect(countedUnder('SA', configured, lessons)).toMatchObject({
      bonusHours: 10,
      totalHours: 22,
      instructorLessons: 2,
    });
  });

  it('NSW: a night lesson is one night hour and two day hours; the Safer Drivers Course gives 20 hours once', () => {
    const nsw = ruleOn('NSW', '2026-11-25');
    expect(nsw.lessonCredit).toMatchObject({ multiplier: 3, maxLessonHours: 10, nightSplit: 'extra-as-day' });
    const night = countedUnder('NSW', stateRuleVersions(), [lesson('2026-11-20', '1 hours', 'night')]);
    expect(night).toMatchObject({ nightHours: 1, dayHours: 2, totalHours: 3 });
    expect(nsw.courseCredits).toEqual([
      expect.objectContaining({ id: 'safer-drivers-course', hours: 20, conditions: expect.stringContaining('once') }),
    ]);
  });

  it('VIC: 120 hours (20 at night) under 21 and no log book from 21, with no lesson credit', () => {
    const vic = ruleOn('VIC', '2026-11-25');
    expect(targetsFor(vic, 17)).toEqual({ day: 100, night: 20 });
    expect(targetsFor(vic, 20)).toEqual({ day: 100, night: 20 });
    expect(targetsFor(vic, 21)).toEqual({ day: 0, night: 0 });
    expect(instructorBonusOf('VIC', '2026-11-25')).toBeNull();
  });

  it('ACT by age, TAS by date, and unverified credits (QLD, ACT) count nothing', () => {
    const act = ruleOn('ACT', '2026-11-25');
    expect(targetsFor(act, 18)).toEqual({ day: 90, night: 10 });
    expect(targetsFor(act, 30)).toEqual({ day: 45, night: 5 });
    expect(targetsFor(ruleOn('TAS', '2020-11-30'), 17)).toEqual({ day: 50, night: 0 });
    expect(targetsFor(ruleOn('TAS', '2020-12-01'), 17)).toEqual({ day: 65, night: 15 });
    expect(ruleOn('QLD', '2026-11-25').lessonCredit?.verified).toBe(false);
    expect(instructorBonusOf('QLD', '2026-11-25')).toBeNull();
    expect(instructorBonusOf('ACT', '2026-11-25')).toBeNull();
    expect(rulesOn('2026-11-25').map((r) => r.state)).toEqual(['SA', 'NSW', 'VIC', 'QLD', 'WA', 'TAS', 'ACT', 'NT']);
  });
});

describe('rules checked against what the states publish', () => {
  const supervised = (fullLicenceYear: number, date: string) => ({
    date,
    startTime: '09:00',
    duration: '1 hours',
    timeOfDay: 'day',
    startSuburb: 'Hobart',
    endSuburb: 'Sandy Bay',
    supervisorName: 'Pat',
    supervisorLicenseNumber: 'T1',
    supervisorFullLicenceYear: fullLicenceYear,
    hasStudentSignature: true,
    hasSupervisorSignature: true,
  });
  const supervisorsCheck = (state: 'TAS', today: string, fullLicenceYear: number, drive: string) =>
    readinessOf({
      rule: ruleOn(state, today),
      today,
      dateOfBirth: '2008-02-02',
      permitDate: '2025-01-01',
      sessions: [supervised(fullLicenceYear, drive)],
      bonusRuleOn: () => null,
    }).checks.find((c) => c.id === 'supervisors');

  it('TAS: a supervisor has held a full licence for the previous 12 months, from the day the page was read', () => {
    expect(ruleOn('TAS', '2026-11-27').supervisor.fullLicenceYears).toBe(0);
    const now = ruleOn('TAS', '2026-11-28').supervisor;
    expect(now).toMatchObject({ fullLicenceYears: 1, verified: true });
    expect(now.source).toContain('supervisory_drivers_and_learner_vehicles');
    expect(now.note).toContain('previous 12 months');
    // A licence of 2027 supervising in 2027 is refused; one of 2025 passes.
    expect(supervisorsCheck('TAS', '2027-06-01', 2027, '2027-05-01')).toMatchObject({ ok: false });
    expect(supervisorsCheck('TAS', '2027-06-01', 2025, '2027-05-01')).toMatchObject({ ok: true });
  });

  it('ACT: the hours and the time on the permit go by the age when the permit was issued', () => {
    const act = ruleOn('ACT', '2034-01-01');
    expect(act.ageCountedOn).toBe('permitDate');
    const learner = { dateOfBirth: '2000-06-15', permitDate: '2024-12-01' };
    // 24 when the permit was issued, 33 today: 100 hours, 10 at night, a year.
    expect(learnerAgeFor(act, learner, '2034-01-01')).toBe(24);
    const readiness = readinessOf({
      rule: act,
      today: '2034-01-01',
      ...learner,
      sessions: [],
      bonusRuleOn: () => null,
    });
    expect(readiness.checks.find((c) => c.id === 'hours')?.message).toBe('Not yet: 0 of 100 hours logged, 100 to go');
    expect(readiness.checks.find((c) => c.id === 'night-hours')?.message).toContain('of 10 night hours');
    expect(readiness.checks.find((c) => c.id === 'permit-time')?.message).toContain('12 months');
    // 25 when issued: 50 hours, 5 at night, six months.
    expect(learnerAgeFor(act, { ...learner, permitDate: '2025-06-15' }, '2034-01-01')).toBe(25);
    // No permit date: asked for, not guessed.
    const unknown = readinessOf({
      rule: act,
      today: '2034-01-01',
      dateOfBirth: learner.dateOfBirth,
      permitDate: null,
      sessions: [],
      bonusRuleOn: () => null,
    });
    expect(unknown.checks.find((c) => c.id === 'hours')).toMatchObject({
      ok: false,
      message: expect.stringContaining("add the learner's permit date"),
    });
    // Elsewhere the age today still decides.
    expect(learnerAgeFor(ruleOn('VIC', '2034-01-01'), learner, '2034-01-01')).toBe(33);
  });

  it("Victoria's 120 hours (20 at night) under 21 and Queensland's 12 months under 25 are checked figures", () => {
    expect(ruleOn('VIC', '2034-01-01').hours[0]).toMatchObject({
      underAge: 21,
      totalHours: 120,
      nightHours: 20,
      verified: true,
    });
    expect(ruleOn('QLD', '2034-01-01').permitTime[0]).toMatchObject({ underAge: 25, months: 12, verified: true });
    // VicRoads' pages moved to transport.vic.gov.au.
    expect(ruleOn('VIC', '2034-01-01').hours[0]!.source).toMatch(/^https:\/\/transport\.vic\.gov\.au\//);
  });

  it('SA: an entry names the suburbs driven from and to', () => {
    const sa = ruleOn('SA', '2034-01-01');
    expect(sa.entryFields.fields).toContain('locations');
    const { startSuburb: _from, ...noSuburb } = supervised(2000, '2033-06-01');
    const readiness = readinessOf({
      rule: sa,
      today: '2034-01-01',
      dateOfBirth: '2016-01-01',
      permitDate: '2032-01-01',
      sessions: [{ ...noSuburb, startSuburb: '' }],
      bonusRuleOn: () => null,
    });
    expect(readiness.checks.find((c) => c.id === 'entries')).toMatchObject({ ok: false });
  });
});

describe('readiness under a rule', () => {
  const signed = (date: string, duration: string, timeOfDay: string) => ({
    date,
    startTime: '09:00',
    duration,
    timeOfDay,
    startSuburb: 'Glenelg',
    endSuburb: 'Norwood',
    supervisorName: 'Pat',
    supervisorLicenseNumber: 'SA1',
    supervisorFullLicenceYear: 2000,
    hasStudentSignature: true,
    hasSupervisorSignature: true,
  });

  it('says "not yet" with what is missing, then ready once hours, night hours and time on the permit are there', () => {
    const rule = ruleOn('SA', '2026-11-25');
    const base = {
      rule,
      today: '2026-11-25',
      dateOfBirth: '2009-01-10',
      bonusRuleOn: () => null,
    };
    const early = readinessOf({
      ...base,
      permitDate: '2026-06-01',
      sessions: [signed('2026-07-01', '10 hours', 'day')],
    });
    expect(early.ready).toBe(false);
    expect(early.earliestTestDate).toBe('2027-06-01');
    expect(early.checks.map((c) => [c.id, c.ok])).toEqual([
      ['hours', false],
      ['night-hours', false],
      ['permit-time', false],
      ['entries', true],
      ['supervisors', true],
    ]);
    expect(early.checks[0]!.message).toBe('Not yet: 10 of 75 hours logged, 65 to go');

    const done = readinessOf({
      ...base,
      permitDate: '2025-06-01',
      sessions: [signed('2026-07-01', '60 hours', 'day'), signed('2026-07-02', '15 hours', 'night')],
    });
    expect(done).toMatchObject({ ready: true, earliestTestDate: '2026-06-01' });
  });

  it('asks for the permit date, entries missing what QLD asks, and a supervisor short of SA years', () => {
    const qld = readinessOf({
      rule: ruleOn('QLD', '2026-11-25'),
      today: '2026-11-25',
      dateOfBirth: '2009-01-10',
      permitDate: null,
      sessions: [signed('2026-07-01', '1 hours', 'day')],
      bonusRuleOn: () => null,
    });
    expect(qld.checks.find((c) => c.id === 'permit-time')!.message).toContain("add the learner's permit date");
    expect(qld.checks.find((c) => c.id === 'entries')!.message).toContain("the vehicle's registration");
    const sa = readinessOf({
      rule: ruleOn('SA', '2026-11-25'),
      today: '2026-11-25',
      dateOfBirth: '2009-01-10',
      permitDate: '2025-01-01',
      sessions: [{ ...signed('2026-07-01', '1 hours', 'day'), supervisorFullLicenceYear: 2025 }],
      bonusRuleOn: () => null,
    });
    expect(sa.checks.find((c) => c.id === 'supervisors')).toMatchObject({ ok: false });
    expect(addMonths('2025-08-31', 6)).toBe('2026-02-28');
  });

  it("what a state's log book records about the car follows the rule in force on the drive's date", () => {
    expect(vehicleRecordedOn('QLD', '2026-11-25')).toEqual({ registration: true, odometer: true });
    expect(vehicleRecordedOn('SA', '2026-11-25')).toEqual({ registration: false, odometer: false });
    // A state that starts recording the car on a day: drives before it are not asked for it, drives from it are.
    const starts = stateRuleVersions().flatMap((v): StateRuleVersion[] =>
      v.state !== 'SA'
        ? [v]
        : [
            { ...v, until: '2027-07-01' },
            {
              ...v,
              from: '2027-07-01',
              entryFields: { ...v.entryFields, fields: [...v.entryFields.fields, 'vehicleRegistration', 'odometer'] },
            },
          ],
    );
    expect(vehicleRecordedOn('SA', '2027-06-30', starts)).toEqual({ registration: false, odometer: false });
    expect(vehicleRecordedOn('SA', '2027-07-01', starts)).toEqual({ registration: true, odometer: true });
  });

  it('TAS: a lesson before 1 December 2020 counts plain; from then two for one, up to 10 lesson hours', () => {
    const lessons = [
      lesson('2020-11-30', '2 hours'),
      lesson('2020-12-01', '2 hours'),
      lesson('2021-03-01', '6 hours'),
      lesson('2021-06-01', '4 hours'),
    ];
    // 2 plain; then 10 lesson hours at two for one (10 extra) and 2 hours past the cap plain: 24 in all.
    expect(countedUnder('TAS', stateRuleVersions(), lessons)).toMatchObject({
      bonusHours: 10,
      totalHours: 24,
      instructorLessons: 3,
    });
  });
});

describe("every state's hours, time on the permit and supervisor years, on fixed days", () => {
  /** Learners of fixed birth dates, each with the day their permit was issued. */
  const LEARNERS = {
    // 17 on 30 June 2027.
    young: { dateOfBirth: '2010-03-15', permitDate: '2026-09-01' },
    // 22 on 30 June 2027.
    twentyTwo: { dateOfBirth: '2005-01-05', permitDate: '2027-02-01' },
    // 31 on 30 June 2027.
    older: { dateOfBirth: '1995-08-20', permitDate: '2027-01-10' },
    // 24 when the permit was issued, 25 on 30 June 2027.
    issuedAt24: { dateOfBirth: '2002-04-10', permitDate: '2026-12-01' },
    // 17 on 30 November 2020.
    l2: { dateOfBirth: '2003-05-01', permitDate: '2020-03-01' },
  } as const;
  type Case = [StateRuleVersion['state'], keyof typeof LEARNERS, string, number, number, string, number];
  // state, learner, day, total hours, night hours, earliest test date, supervisor's years of full licence
  const CASES: Case[] = [
    ['SA', 'young', '2027-06-30', 75, 15, '2027-09-01', 2],
    ['SA', 'older', '2027-06-30', 75, 15, '2027-07-10', 2],
    ['NSW', 'young', '2027-06-30', 120, 20, '2027-09-01', 0],
    ['NSW', 'older', '2027-06-30', 0, 0, '2027-01-10', 0],
    ['VIC', 'young', '2027-06-30', 120, 20, '2027-09-01', 0],
    ['VIC', 'twentyTwo', '2027-06-30', 0, 0, '2027-08-01', 0],
    ['VIC', 'older', '2027-06-30', 0, 0, '2027-04-10', 0],
    ['QLD', 'young', '2027-06-30', 100, 10, '2027-09-01', 1],
    ['QLD', 'older', '2027-06-30', 0, 0, '2028-01-10', 1],
    ['WA', 'young', '2027-06-30', 50, 5, '2027-03-01', 4],
    ['WA', 'older', '2027-06-30', 0, 0, '2027-07-10', 4],
    ['TAS', 'young', '2027-06-30', 80, 15, '2027-09-01', 1],
    ['TAS', 'older', '2027-06-30', 80, 15, '2028-01-10', 1],
    ['TAS', 'young', '2026-11-27', 80, 15, '2027-09-01', 0],
    ['TAS', 'l2', '2020-11-30', 50, 0, '2020-12-01', 0],
    ['ACT', 'young', '2027-06-30', 100, 10, '2027-09-01', 0],
    ['ACT', 'older', '2027-06-30', 50, 5, '2027-07-10', 0],
    ['ACT', 'issuedAt24', '2027-06-30', 100, 10, '2027-12-01', 0],
    ['NT', 'young', '2027-06-30', 0, 0, '2027-03-01', 0],
    ['NT', 'older', '2027-06-30', 0, 0, '2027-07-10', 0],
  ];

  it.each(CASES)('%s, %s learner, on %s: %i hours (%i at night), test from %s, supervisor %i years', (...c) => {
    const [state, learner, day, total, night, earliest, years] = c;
    const readiness = readinessOf({
      rule: ruleOn(state, day),
      today: day,
      ...LEARNERS[learner],
      sessions: [],
      bonusRuleOn: () => null,
    });
    const check = (id: string) => readiness.checks.find((k) => k.id === id)?.message;
    expect(check('hours')).toContain(`0 of ${total} hours logged`);
    expect(check('night-hours')).toContain(`0 of ${night} night hours logged`);
    expect(readiness.earliestTestDate).toBe(earliest);
    expect(check('supervisors')).toBe(
      years === 0
        ? 'Every supervisor needs a full licence'
        : `Every supervisor has held a full licence for ${years} ${years === 1 ? 'year' : 'years'} or more`,
    );
  });
});
