import { courseCreditsOf, countedCourses } from '@logbook/contracts/course-credits';
import { computeProgress, courseText } from '@logbook/contracts/progress';
import { readinessOf } from '@logbook/contracts/readiness';
import { entryFieldsOn, vehicleAskedOn } from '@logbook/contracts/entry-fields';
import { ruleOn, stateRuleVersions } from '@logbook/contracts/state-rules';

const signed = (date: string, duration: string, timeOfDay = 'day') => ({
  date,
  startTime: '09:00',
  duration,
  timeOfDay,
  supervisorName: 'Pat',
  supervisorLicenseNumber: 'N1',
  supervisorFullLicenceYear: 2000,
  hasStudentSignature: true,
  hasSupervisorSignature: true,
});

const SDC = { id: 'safer-drivers-course', completedOn: '2026-05-01' };

describe('courses a state rule credits, at fixed dates', () => {
  it('NSW: the Safer Drivers Course adds 20 hours once, for a learner under 25 with 50 hours logged before it', () => {
    const sessions = [
      signed('2026-04-01', '50 hours'),
      signed('2026-06-01', '30 hours'),
      signed('2026-06-02', '20 hours', 'night'),
    ];
    const base = { state: 'NSW' as const, dateOfBirth: '2009-01-10', sessions, today: '2026-11-25' };
    const done = courseCreditsOf({ ...base, courses: [SDC, { ...SDC, completedOn: '2026-07-01' }] });
    expect(done).toEqual([
      { id: 'safer-drivers-course', name: 'Safer Drivers Course', completedOn: '2026-05-01', hours: 20, counted: true },
    ]);
    const progress = computeProgress(sessions, { day: 100, night: 20 }, {}, null, countedCourses(done));
    expect(progress).toMatchObject({ dayHours: 100, nightHours: 20, totalHours: 120, courseHours: 20 });
    expect(courseText(progress)).toBe('including 20 hours from the Safer Drivers Course');

    const readiness = readinessOf({
      rule: ruleOn('NSW', '2026-11-25'),
      today: '2026-11-25',
      dateOfBirth: base.dateOfBirth,
      permitDate: '2025-06-01',
      sessions,
      bonusRuleOn: () => null,
      courses: done,
    });
    expect(readiness.ready).toBe(true);
    expect(readiness.checks.find((c) => c.id === 'hours')?.message).toBe('120 of 120 hours logged');
    expect(readiness.checks.find((c) => c.id === 'courses')).toMatchObject({
      ok: true,
      message: 'Safer Drivers Course: 20 hours counted',
    });
    // Without the course, the same drives fall 20 hours short.
    const without = readinessOf({
      rule: ruleOn('NSW', '2026-11-25'),
      today: '2026-11-25',
      dateOfBirth: base.dateOfBirth,
      permitDate: '2025-06-01',
      sessions,
      bonusRuleOn: () => null,
    });
    expect(without.ready).toBe(false);
    expect(without.checks.map((c) => c.id)).not.toContain('courses');
  });

  it('NSW: not before 50 hours are logged, not at 25, not without a date of birth; a course that adds nothing does not stop a pass', () => {
    const sessions = [
      signed('2026-04-01', '49.5 hours'),
      signed('2026-06-01', '70.5 hours'),
      signed('2026-06-02', '20 hours', 'night'),
    ];
    const early = courseCreditsOf({
      state: 'NSW',
      courses: [SDC],
      dateOfBirth: '2009-01-10',
      sessions,
      today: '2026-11-25',
    });
    expect(early[0]).toMatchObject({ counted: false, reason: 'needs 50 hours logged before it (49.5 by 1 May 2026)' });
    const older = courseCreditsOf({
      state: 'NSW',
      courses: [SDC],
      dateOfBirth: '2001-05-01',
      sessions,
      today: '2026-11-25',
    });
    expect(older[0]).toMatchObject({ counted: false, reason: 'counts only under 25 on the day of the course' });
    const unknownAge = courseCreditsOf({
      state: 'NSW',
      courses: [SDC],
      dateOfBirth: null,
      sessions,
      today: '2026-11-25',
    });
    expect(unknownAge[0]?.counted).toBe(false);
    const future = courseCreditsOf({
      state: 'NSW',
      courses: [{ ...SDC, completedOn: '2026-12-01' }],
      dateOfBirth: '2009-01-10',
      sessions,
      today: '2026-11-25',
    });
    expect(future[0]?.counted).toBe(false);

    const readiness = readinessOf({
      rule: ruleOn('NSW', '2026-11-25'),
      today: '2026-11-25',
      dateOfBirth: '2009-01-10',
      permitDate: '2025-06-01',
      sessions,
      bonusRuleOn: () => null,
      courses: early,
    });
    expect(readiness.checks.find((c) => c.id === 'courses')?.ok).toBe(false);
    expect(readiness.checks.find((c) => c.id === 'hours')?.message).toBe('140 of 120 hours logged');
    expect(readiness.ready).toBe(true);
  });

  it('ACT: the Vulnerable Road User Program (10 hours), the Safer Driver Course (20, under 25) and first aid (5, after three months on the permit)', () => {
    const base = {
      state: 'ACT' as const,
      dateOfBirth: '2006-05-01',
      permitDate: '2023-01-10',
      sessions: [],
      today: '2034-01-01',
    };
    const courses = [
      { id: 'vulnerable-road-user-program', completedOn: '2023-06-01' },
      { id: 'act-safer-driver-course', completedOn: '2023-07-01' },
      { id: 'learner-driver-first-aid', completedOn: '2023-12-01' },
    ];
    expect(courseCreditsOf({ ...base, courses }).map((c) => [c.id, c.counted, c.hours])).toEqual([
      ['vulnerable-road-user-program', true, 10],
      ['act-safer-driver-course', true, 20],
      ['learner-driver-first-aid', true, 5],
    ]);
    // 25 or older on the day: no Safer Driver Course; the VRU program at any age.
    const older = courseCreditsOf({ ...base, dateOfBirth: '1990-01-01', courses: courses.slice(0, 2) });
    expect(older.map((c) => c.counted)).toEqual([true, false]);
    expect(older[1]!.reason).toBe('counts only under 25 on the day of the course');
    // First aid within three months of the permit, or with no permit date, counts nothing; nor before its launch.
    const early = [{ id: 'learner-driver-first-aid', completedOn: '2024-02-01' }];
    expect(courseCreditsOf({ ...base, permitDate: '2023-12-01', courses: early })[0]).toMatchObject({
      counted: false,
      reason: "counts only after 3 months on the learner's permit",
    });
    expect(courseCreditsOf({ ...base, permitDate: null, courses: early })[0]!.counted).toBe(false);
    expect(
      courseCreditsOf({ ...base, courses: [{ id: 'learner-driver-first-aid', completedOn: '2023-11-21' }] })[0]!
        .counted,
    ).toBe(false);
    // Before August 2020 the ACT credited no course.
    expect(
      courseCreditsOf({ ...base, courses: [{ id: 'vulnerable-road-user-program', completedOn: '2020-08-02' }] })[0]!
        .counted,
    ).toBe(false);
  });

  it('TAS: the RYDA program adds 5 hours once for a 2020 course onwards, none before; an unverified credit adds nothing', () => {
    const base = { state: 'TAS' as const, dateOfBirth: '2004-03-01', sessions: [], today: '2026-11-25' };
    for (const completedOn of ['2020-01-01', '2020-11-30', '2020-12-01']) {
      expect(courseCreditsOf({ ...base, courses: [{ id: 'ryda', completedOn }] })[0]).toMatchObject({
        counted: true,
        hours: 5,
      });
    }
    expect(courseCreditsOf({ ...base, courses: [{ id: 'ryda', completedOn: '2019-12-31' }] })[0]).toMatchObject({
      counted: false,
      name: 'Rotary Youth Driver Awareness program',
      reason: "not credited by Tasmania's rule on 31 Dec 2019",
    });
    const unchecked = stateRuleVersions().map((v) =>
      v.state === 'TAS' ? { ...v, courseCredits: v.courseCredits.map((c) => ({ ...c, verified: false })) } : v,
    );
    expect(
      courseCreditsOf({ ...base, courses: [{ id: 'ryda', completedOn: '2021-03-01' }], versions: unchecked })[0],
    ).toMatchObject({ counted: false, reason: "not confirmed on the state's own page" });
  });
});

describe('what an entry carries, as the session form applies it without a connection', () => {
  it("agrees with every state's rule on every day a version starts or ends", () => {
    const versions = stateRuleVersions('2027-03-01');
    const days = [
      '2019-01-01',
      '2026-11-25',
      ...versions.flatMap((v) => [v.from, v.until]).filter((d): d is string => d !== null),
    ];
    for (const v of versions)
      for (const day of days) {
        if ((v.from !== null && day < v.from) || (v.until !== null && day >= v.until)) continue;
        expect([v.state, day, entryFieldsOn(v.state, day)]).toEqual([v.state, day, v.entryFields.fields]);
      }
    expect(vehicleAskedOn('QLD', '2026-11-25')).toEqual({ registration: true, odometer: true });
    expect(vehicleAskedOn('SA', '2026-11-25')).toEqual({ registration: false, odometer: false });
  });
});
