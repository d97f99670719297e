/**
 * The learner-driver rules of each Australian state and territory, as dated versions, each part with the official page
 * it rests on. A part whose figure could not be checked against the state's own page is marked `verified: false` and
 * is counted conservatively: an unverified credit gives no hours, an unverified minimum is still asked for.
 */

import type { z } from 'zod';
import { COURSE_IDS, type CourseId } from './course-ids';
import { BASE_FIELDS, inForce, QLD_FIELDS, SA_FIELDS, vehicleRecorded, type EntryField } from './entry-fields';
import { HOME_TIME_ZONE, todayInTimeZone } from './dates';
import { productNow } from './clock';
import type { stateRuleVersionSchema } from './readiness-schema';
import { isStateCode, STATE_CODES, STATE_NAMES, SUGGESTED_STATE, type StateCode } from './state-codes';

export { COURSE_IDS, isStateCode, STATE_CODES, SUGGESTED_STATE, type CourseId, type StateCode };

/**
 * The day South Australia's 3-for-1 lesson credit comes into force, or null while the state has not published it
 * ("the reforms will come into effect in the first half of 2027. Until then, nothing will change for existing learner
 * drivers"). Set this one line (YYYY-MM-DD) when the date is published.
 */
export const SA_LESSON_CREDIT_FROM: string | null = null;

/** A rule version as GET /api/state-rules answers it; its parts are described on the schema. */
type AnsweredVersion = z.infer<typeof stateRuleVersionSchema>;
export type Sourced = Pick<AnsweredVersion['supervisor'], 'source' | 'verified' | 'note'>;
export type HoursByAge = AnsweredVersion['hours'][number];
export type LessonCredit = NonNullable<AnsweredVersion['lessonCredit']>;
export type CourseCredit = AnsweredVersion['courseCredits'][number] & { id: CourseId };
export type PermitTime = AnsweredVersion['permitTime'][number];
export type { EntryField };

export interface StateRuleVersion extends Omit<AnsweredVersion, 'courseCredits' | 'entryFields'> {
  courseCredits: CourseCredit[];
  entryFields: Sourced & { fields: EntryField[] };
}

const SA_LEARNERS = 'https://mylicence.sa.gov.au/my-car-licence/learners-stage';
const SA_P1 = 'https://mylicence.sa.gov.au/road-rules/the-drivers-handbook/provisional-licence';
const SA_SUPERVISOR = 'https://mylicence.sa.gov.au/the-driving-companion/choosing-qualified-supervisor';
const SA_CREDIT = 'https://dpti.sa.gov.au/news/?a=1429416';
const NSW_LEARNERS = 'https://www.transport.nsw.gov.au/roadsafety/young-drivers/learners';
const NSW_LOG_BOOK = 'http://www.rms.nsw.gov.au/licensing/gettingalicence/car/learners/index.html';
const NSW_SDC = 'http://roadsafety.transport.nsw.gov.au/stayingsafe/drivers/youngdrivers/youngerdriverscourse.html';
const NSW_P1 =
  'https://www.nsw.gov.au/driving-boating-and-transport/driver-and-rider-licences/driver-licences/provisional-p1-licence';
const VIC_LOG_BOOK =
  'https://transport.vic.gov.au/registration-and-licensing/licences/driver-history-handbooks-and-logbooks/driver-handbooks-and-logbooks';
const QLD_LOG_BOOK = 'https://www.qld.gov.au/transport/licensing/getting/learner-logbook';
const QLD_LEARNER = 'https://www.qld.gov.au/transport/licensing/driver-licensing/applying/learner';
const WA_LEARN = 'https://www.transport.wa.gov.au/licensing/step-2-learn-to-drive-ride.asp';
const WA_HOURS = 'https://www.rsc.wa.gov.au/Your-Safety/People/Novice-Drivers/Your-licence';
const TAS_LEARNER =
  'https://www.transport.tas.gov.au/licensing/getting_your_car_licence/getting_your_novice_learner_licence';
const TAS_HOURS = 'http://platesplus.tas.gov.au/page-logbook-hours.php';
const TAS_P1 = 'https://www.transport.tas.gov.au/licensing/getting_your_car_licence/getting_your_ps';
const TAS_CHANGE = 'https://www.legislation.tas.gov.au/view/whole/html/asmade/sr-2020-075';
const TAS_SUPERVISOR =
  'https://www.transport.tas.gov.au/licensing/getting_your_car_licence/supervisory_drivers_and_learner_vehicles';
/** The day the 12 months of full licence were read on Tasmania's page; no earlier start date was found. */
const TAS_SUPERVISOR_YEAR_FROM = '2026-11-28';
/** RYDA counts for "a 2020 course onwards". */
const TAS_RYDA_FROM = '2020-01-01';
const ACT_RULES =
  'https://www.cityservices.act.gov.au/roads-and-paths/road-safety/learner-and-provisional-drivers/safe-plates-frequently-asked-questions';
const ACT_LICENCE = 'https://www.accesscanberra.act.gov.au/driving-and-transport/driver-licences/learner-licence';
const NT_LICENCE = 'https://nt.gov.au/driving/driverlicence/get-your-licence';

const ACT_SAFE_PLATES = 'https://www.act.gov.au/safeplates';
/** The Vulnerable Road User Program and the Safer Driver Course, from the minister's release of 3 August 2020. */
const ACT_COURSES_FROM = '2020-08-03';
/** The learner driver first aid program, from the minister's release of its launch: "From Wednesday, 22 November". */
const ACT_FIRST_AID_FROM = '2023-11-22';

const ACT_AGE_AT_ISSUE =
  'by the age when the learner licence was issued: "under 25 when you are issued with your learner licence: 100 hours, ' +
  '10 at night, at least a year; 25 or older when issued: 50 hours, five at night, six months"';

const unverified = (source: string, note: string) => ({ source, verified: false, note });
const verified = (source: string, note?: string) => ({ source, verified: true, ...(note ? { note } : {}) });

/** A state's one rule version, in force since before any log book the product keeps and still. */
const inForceThroughout = (state: StateCode) => ({ state, name: STATE_NAMES[state], from: null, until: null });

/** No logged hours asked of a learner from this age on. */
const noHoursFrom = (fromAge: number, part: Sourced): HoursByAge => ({
  fromAge,
  underAge: null,
  totalHours: 0,
  nightHours: 0,
  ...part,
});

/**
 * Tasmania: the L2 stage until the single learner period of 1 December 2020; the RYDA credit for a 2020 course onwards;
 * a supervisor's full licence held for the previous 12 months, as the state's page says (dated from the day it was
 * read: no earlier start was found, so entries before then keep the earlier "a full licence").
 */
function tasVersions(): StateRuleVersion[] {
  const ryda: CourseCredit = {
    id: 'ryda',
    name: 'Rotary Youth Driver Awareness program',
    hours: 5,
    conditions: 'once, for a course in 2020 or later',
    underAge: null,
    minLoggedHours: 0,
    ...verified(TAS_HOURS, 'a 2020 course onwards'),
  };
  const l2Stage: Omit<StateRuleVersion, 'from' | 'until' | 'courseCredits'> = {
    state: 'TAS',
    name: STATE_NAMES.TAS,
    hours: [
      {
        fromAge: 16,
        underAge: null,
        totalHours: 50,
        nightHours: 0,
        ...verified(TAS_P1, 'L2 stage: 50 hours, no night minimum'),
      },
    ],
    lessonCredit: null,
    permitTime: [{ fromAge: 16, underAge: null, months: 9, ...verified(TAS_P1, 'L2 licence for 9 months') }],
    supervisor: { fullLicenceYears: 0, ...unverified(TAS_LEARNER, 'no stored official page') },
    entryFields: { fields: BASE_FIELDS, ...unverified(TAS_LEARNER, 'no stored official page') },
  };
  const learnerPeriod: Omit<StateRuleVersion, 'from' | 'until' | 'supervisor'> = {
    state: 'TAS',
    name: STATE_NAMES.TAS,
    hours: [
      {
        fromAge: 16,
        underAge: null,
        totalHours: 80,
        nightHours: 15,
        ...verified(TAS_LEARNER, 'a single learner period since 1 December 2020'),
      },
    ],
    lessonCredit: {
      multiplier: 2,
      maxLessonHours: 10,
      nightSplit: 'extra-as-day',
      ...verified(TAS_HOURS, 'a one-hour lesson logs two hours, capped at 10 lessons'),
    },
    courseCredits: [ryda],
    permitTime: [{ fromAge: 16, underAge: null, months: 12, ...verified(TAS_LEARNER) }],
    entryFields: { fields: BASE_FIELDS, ...unverified(TAS_CHANGE, 'no stored official page') },
  };
  return [
    { ...l2Stage, from: null, until: TAS_RYDA_FROM, courseCredits: [] },
    { ...l2Stage, from: TAS_RYDA_FROM, until: '2020-12-01', courseCredits: [ryda] },
    {
      ...learnerPeriod,
      from: '2020-12-01',
      until: TAS_SUPERVISOR_YEAR_FROM,
      supervisor: { fullLicenceYears: 0, ...verified(TAS_SUPERVISOR, 'a full Australian car licence') },
    },
    {
      ...learnerPeriod,
      from: TAS_SUPERVISOR_YEAR_FROM,
      until: null,
      supervisor: {
        fullLicenceYears: 1,
        ...verified(
          TAS_SUPERVISOR,
          '"have held this full licence continuously for the previous 12 months"; dated from the day the page was ' +
            'read (28 November 2026), no earlier start date being found',
        ),
      },
    },
  ];
}

/**
 * The ACT: hours and permit time by the age when the learner licence was issued; the Vulnerable Road User Program
 * (10 hours, any age) and the Safer Driver Course (20 hours, under 25) from August 2020; the learner driver first aid
 * program (5 hours, after three months on the licence) from 22 November 2023.
 */
function actVersions(): StateRuleVersion[] {
  const base: Omit<StateRuleVersion, 'from' | 'until' | 'courseCredits'> = {
    state: 'ACT',
    name: STATE_NAMES.ACT,
    ageCountedOn: 'permitDate',
    hours: [
      { fromAge: 15, underAge: 25, totalHours: 100, nightHours: 10, ...verified(ACT_RULES, ACT_AGE_AT_ISSUE) },
      { fromAge: 25, underAge: null, totalHours: 50, nightHours: 5, ...verified(ACT_RULES, ACT_AGE_AT_ISSUE) },
    ],
    lessonCredit: {
      multiplier: 3,
      maxLessonHours: 10,
      nightSplit: 'extra-as-day',
      ...unverified(ACT_LICENCE, 'stated by a driving school only; no credit counted until checked'),
    },
    permitTime: [
      { fromAge: 15, underAge: 25, months: 12, ...verified(ACT_RULES, ACT_AGE_AT_ISSUE) },
      { fromAge: 25, underAge: null, months: 6, ...verified(ACT_RULES, ACT_AGE_AT_ISSUE) },
    ],
    supervisor: { fullLicenceYears: 0, ...unverified(ACT_LICENCE, 'a full licence; no stored official page') },
    entryFields: { fields: BASE_FIELDS, ...unverified(ACT_LICENCE, 'no stored official page') },
  };
  const vru: CourseCredit = {
    id: 'vulnerable-road-user-program',
    name: 'Vulnerable Road User Program',
    hours: 10,
    conditions: 'once, at any age',
    underAge: null,
    minLoggedHours: 0,
    ...verified(ACT_SAFE_PLATES, '"Successful completion of this course counts as 10 required driving hours"'),
  };
  const saferDriver: CourseCredit = {
    id: 'act-safer-driver-course',
    name: 'Safer Driver Course',
    hours: 20,
    conditions: 'once, for a learner under 25',
    underAge: 25,
    minLoggedHours: 0,
    ...verified(ACT_SAFE_PLATES, '"provides learner drivers aged under 25 with 20 hours credit"'),
  };
  const firstAid: CourseCredit = {
    id: 'learner-driver-first-aid',
    name: 'Learner driver first aid course',
    hours: 5,
    conditions: 'once, completed after holding the learner licence for three months',
    underAge: null,
    minLoggedHours: 0,
    minPermitMonths: 3,
    ...verified(
      ACT_SAFE_PLATES,
      '"you must have held your learner licence for at least three months before completing any one of the approved courses"',
    ),
  };
  return [
    { ...base, from: null, until: ACT_COURSES_FROM, courseCredits: [] },
    { ...base, from: ACT_COURSES_FROM, until: ACT_FIRST_AID_FROM, courseCredits: [vru, saferDriver] },
    { ...base, from: ACT_FIRST_AID_FROM, until: null, courseCredits: [vru, saferDriver, firstAid] },
  ];
}

function saVersions(creditFrom: string | null): StateRuleVersion[] {
  const base: Omit<StateRuleVersion, 'from' | 'until' | 'lessonCredit'> = {
    state: 'SA',
    name: STATE_NAMES.SA,
    hours: [{ fromAge: 16, underAge: null, totalHours: 75, nightHours: 15, ...verified(SA_LEARNERS) }],
    courseCredits: [],
    permitTime: [
      { fromAge: 16, underAge: 25, months: 12, ...verified(SA_P1) },
      { fromAge: 25, underAge: null, months: 6, ...verified(SA_P1) },
    ],
    supervisor: { fullLicenceYears: 2, ...verified(SA_SUPERVISOR) },
    entryFields: {
      fields: SA_FIELDS,
      ...verified(SA_LEARNERS, 'the date, times, suburbs driven from and to, the supervisor and both signatures'),
    },
  };
  const credit: LessonCredit = {
    multiplier: 3,
    maxLessonHours: 5,
    nightSplit: 'extra-as-day',
    ...verified(SA_CREDIT, 'announced 15 November 2024 as a planned change: up to 5 lesson hours logged as 15'),
  };
  const before: StateRuleVersion = { ...base, from: null, until: creditFrom, lessonCredit: null };
  if (creditFrom === null) return [before];
  return [before, { ...base, from: creditFrom, until: null, lessonCredit: credit }];
}

/** Every state's rule versions, oldest first; South Australia's lesson credit from `saLessonCreditFrom` if set. */
export function stateRuleVersions(
  saLessonCreditFrom: string | null = SA_LESSON_CREDIT_FROM,
): readonly StateRuleVersion[] {
  return [
    ...saVersions(saLessonCreditFrom),
    {
      ...inForceThroughout('NSW'),
      hours: [
        { fromAge: 16, underAge: 25, totalHours: 120, nightHours: 20, ...verified(NSW_LEARNERS) },
        noHoursFrom(25, verified(NSW_P1, 'no log book at 25 or over')),
      ],
      lessonCredit: {
        multiplier: 3,
        maxLessonHours: 10,
        nightSplit: 'extra-as-day',
        ...verified(
          NSW_LOG_BOOK,
          'up to 10 lesson hours logged as 30; a night lesson gives one night hour and two day hours (the split is ' +
            'stated on driving-school pages, not found on a stored official page, and is the narrower reading)',
        ),
      },
      courseCredits: [
        {
          id: 'safer-drivers-course',
          name: 'Safer Drivers Course',
          hours: 20,
          conditions: 'once, for a learner under 25 who has logged at least 50 hours',
          underAge: 25,
          minLoggedHours: 50,
          ...verified(
            NSW_SDC,
            'the 50 hours are counted from the entries dated up to the day of the course, without credits or paper ' +
              'hours, whose dates are not known',
          ),
        },
      ],
      permitTime: [
        {
          fromAge: 16,
          underAge: 25,
          months: 12,
          ...unverified(NSW_P1, 'official text seen only as quoted by a third-party page'),
        },
        { fromAge: 25, underAge: null, months: 0, ...unverified(NSW_P1, 'at 25 or over, when ready') },
      ],
      supervisor: { fullLicenceYears: 0, ...verified(NSW_LEARNERS, 'a full (unrestricted) licence') },
      entryFields: { fields: BASE_FIELDS, ...verified(NSW_LOG_BOOK) },
    },
    {
      ...inForceThroughout('VIC'),
      hours: [
        {
          fromAge: 16,
          underAge: 21,
          totalHours: 120,
          nightHours: 20,
          ...verified(VIC_LOG_BOOK, '120 hours, 20 of them at night, for a learner under 21'),
        },
        noHoursFrom(21, unverified(VIC_LOG_BOOK, 'no log book from 21')),
      ],
      lessonCredit: null,
      courseCredits: [],
      permitTime: [
        { fromAge: 16, underAge: 21, months: 12, ...unverified(VIC_LOG_BOOK, 'no stored VicRoads page') },
        { fromAge: 21, underAge: 25, months: 6, ...unverified(VIC_LOG_BOOK, 'no stored VicRoads page') },
        { fromAge: 25, underAge: null, months: 3, ...unverified(VIC_LOG_BOOK, 'no stored VicRoads page') },
      ],
      supervisor: { fullLicenceYears: 0, ...unverified(VIC_LOG_BOOK, 'a full licence; no stored VicRoads page') },
      entryFields: { fields: BASE_FIELDS, ...unverified(VIC_LOG_BOOK, 'no stored VicRoads page') },
    },
    {
      ...inForceThroughout('QLD'),
      hours: [
        { fromAge: 16, underAge: 25, totalHours: 100, nightHours: 10, ...verified(QLD_LOG_BOOK) },
        noHoursFrom(25, verified(QLD_LOG_BOOK, 'no log book at 25')),
      ],
      lessonCredit: {
        multiplier: 3,
        maxLessonHours: 10,
        nightSplit: 'extra-as-day',
        ...unverified(QLD_LOG_BOOK, 'stated by driving schools only; no credit counted until checked'),
      },
      courseCredits: [],
      permitTime: [
        {
          fromAge: 16,
          underAge: 25,
          months: 12,
          ...verified(QLD_LEARNER, '12 months on the learner licence under 25'),
        },
        { fromAge: 25, underAge: null, months: 12, ...unverified(QLD_LEARNER, 'stated by third-party pages only') },
      ],
      supervisor: { fullLicenceYears: 1, ...verified(QLD_LEARNER) },
      entryFields: { fields: QLD_FIELDS, ...verified(QLD_LOG_BOOK) },
    },
    {
      ...inForceThroughout('WA'),
      hours: [
        { fromAge: 16, underAge: 25, totalHours: 50, nightHours: 5, ...verified(WA_HOURS) },
        noHoursFrom(25, verified(WA_HOURS, 'no log book at 25')),
      ],
      lessonCredit: null,
      courseCredits: [],
      permitTime: [
        { fromAge: 16, underAge: null, months: 6, ...unverified(WA_LEARN, 'stated by a driving school only') },
      ],
      supervisor: { fullLicenceYears: 4, ...verified(WA_LEARN) },
      entryFields: { fields: BASE_FIELDS, ...unverified(WA_LEARN, 'no stored official log book page') },
    },
    ...tasVersions(),
    ...actVersions(),
    {
      ...inForceThroughout('NT'),
      hours: [
        noHoursFrom(16, unverified(NT_LICENCE, 'no logged hours are asked; not confirmed on a stored official page')),
      ],
      lessonCredit: null,
      courseCredits: [],
      permitTime: [
        { fromAge: 16, underAge: null, months: 6, ...unverified(NT_LICENCE, 'stated by a community legal centre') },
      ],
      supervisor: { fullLicenceYears: 0, ...unverified(NT_LICENCE, 'a full licence') },
      entryFields: { fields: BASE_FIELDS, ...unverified(NT_LICENCE, 'no stored official page') },
    },
  ];
}

/** The version of a state's rule in force on a day (YYYY-MM-DD). */
export function ruleOn(
  state: StateCode,
  on: string,
  versions: readonly StateRuleVersion[] = stateRuleVersions(),
): StateRuleVersion {
  const found = versions.find((v) => v.state === state && inForce(v, on));
  if (!found) throw new Error(`No rule for ${state} on ${on}`);
  return found;
}

/** What a state's log book records about the car on a drive of this day, under the rule in force that day. */
export function vehicleRecordedOn(
  state: StateCode,
  on: string,
  versions: readonly StateRuleVersion[] = stateRuleVersions(),
): { registration: boolean; odometer: boolean } {
  return vehicleRecorded(ruleOn(state, on, versions).entryFields.fields);
}

/** Every state's rule in force on a day. */
export function rulesOn(on: string, versions: readonly StateRuleVersion[] = stateRuleVersions()): StateRuleVersion[] {
  return STATE_CODES.map((code) => ruleOn(code, on, versions));
}

/** A learner's age in whole years on a day; null when the date of birth is not a date. */
export function ageOn(dateOfBirth: string | null | undefined, on: string): number | null {
  const birth = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateOfBirth ?? '');
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(on);
  if (!birth || !day) return null;
  let age = Number(day[1]) - Number(birth[1]);
  if (`${day[2]}-${day[3]}` < `${birth[2]}-${birth[3]}`) age -= 1;
  return age;
}

/**
 * The learner's age that picks the rule's hours and permit time: on `today`, or on the permit date where the rule
 * counts the age when the permit was issued (null while that date is not known).
 */
export function learnerAgeFor(
  rule: StateRuleVersion,
  learner: { dateOfBirth?: string | null; permitDate?: string | null },
  today: string,
): number | null {
  if (rule.ageCountedOn !== 'permitDate') return ageOn(learner.dateOfBirth, today);
  return learner.permitDate ? ageOn(learner.dateOfBirth, learner.permitDate) : null;
}

/** The band of a rule's list that fits a learner of this age (the youngest band when the age is unknown). */
const bandFor = <B extends { fromAge: number; underAge: number | null }>(bands: B[], age: number | null): B =>
  (age === null ? undefined : bands.find((b) => age >= b.fromAge && (b.underAge === null || age < b.underAge))) ??
  bands[0]!;

/** The hours the rule asks of a learner of this age. */
export const hoursFor = (rule: StateRuleVersion, age: number | null): HoursByAge => bandFor(rule.hours, age);

/** The settings targets a rule gives a learner of this age: day is the total less the night hours. */
export function targetsFor(rule: StateRuleVersion, age: number | null): { day: number; night: number } {
  const hours = hoursFor(rule, age);
  return { day: hours.totalHours - hours.nightHours, night: hours.nightHours };
}

/** The time on the permit the rule asks of a learner of this age. */
export const permitTimeFor = (rule: StateRuleVersion, age: number | null): PermitTime => bandFor(rule.permitTime, age);

/** The lesson credit as progress counts it: none where the rule has none or its figure is unverified. */
function instructorBonusIn(rule: StateRuleVersion): InstructorBonusRule | null {
  const credit = rule.lessonCredit;
  if (!credit?.verified) return null;
  const { multiplier, maxLessonHours, note, source } = credit;
  return { multiplier, maxLessonHours, ...(note ? { note } : {}), source };
}

/** Today by the product's clock as YYYY-MM-DD where its families live (Adelaide), UTC if that zone is unknown. */
export const todayIso = (now: Date = productNow()) =>
  todayInTimeZone(HOME_TIME_ZONE, now) ?? now.toISOString().slice(0, 10);

/** A state's rule summarised as the settings screen lists it: the version in force today for a young learner. */
export interface StateRule {
  code: StateCode;
  name: string;
  totalHours: number;
  nightHours: number;
  note?: string;
  source: string;
  instructorBonus?: InstructorBonusRule;
}

/** The lesson credit as progress counts it. */
export type InstructorBonusRule = Pick<LessonCredit, 'multiplier' | 'maxLessonHours' | 'note' | 'source'>;

function summaryOf(rule: StateRuleVersion): StateRule {
  const young = rule.hours[0]!;
  const older = rule.hours[1];
  const instructorBonus = instructorBonusIn(rule);
  const note =
    older && young.underAge !== null
      ? older.totalHours > 0
        ? `for learners under ${young.underAge}; ${older.totalHours} (${older.nightHours} at night) from ${older.fromAge}`
        : `for learners under ${young.underAge}`
      : young.totalHours === 0
        ? 'no logged hours are required'
        : undefined;
  return {
    code: rule.state,
    name: rule.name,
    totalHours: young.totalHours,
    nightHours: young.nightHours,
    ...(note ? { note } : {}),
    source: young.source,
    ...(instructorBonus ? { instructorBonus } : {}),
  };
}

/** The rules as the settings screen lists them, in force on a day. */
export const stateRulesOn = (on: string): StateRule[] => rulesOn(on).map(summaryOf);

/** The rules as the settings screen lists them, in force today. */
export const STATE_RULES: readonly StateRule[] = stateRulesOn(todayIso());

/** The settings targets a state's rule in force on a day (today by default) gives a young learner. */
export function targetsForState(code: StateCode, on: string = todayIso()): { day: number; night: number } {
  if (!isStateCode(code)) throw new Error(`Unknown state: ${String(code)}`);
  return targetsFor(ruleOn(code, on), null);
}

/** The state's lesson credit in force on a day (today by default), or null where lessons count as plain hours. */
export function instructorBonusOf(
  code: StateCode | string | null | undefined,
  on: string = todayIso(),
  versions: readonly StateRuleVersion[] = stateRuleVersions(),
): InstructorBonusRule | null {
  return isStateCode(code) ? instructorBonusIn(ruleOn(code, on, versions)) : null;
}
