import { countedCourses, type CourseOutcome } from './course-credits';
import { formatDisplayDate } from './dates';
import { hoursText, roundToTenth } from './duration';
import { addMonths } from './months';
import { computeProgress, type BonusRuleFor, type ProgressSession } from './progress';
import {
  hoursFor,
  learnerAgeFor,
  permitTimeFor,
  targetsFor,
  type EntryField,
  type StateRuleVersion,
} from './state-rules';
import type { Readiness } from './readiness-schema';

export { readinessSchema, stateRulesAnswerSchema, type Readiness } from './readiness-schema';

/** What readiness reads of an entry, besides what progress reads. */
export interface ReadinessSession extends ProgressSession {
  startSuburb?: string | null;
  endSuburb?: string | null;
  supervisorName?: string | null;
  supervisorLicenseNumber?: string | null;
  hasStudentSignature?: boolean;
  hasSupervisorSignature?: boolean;
  vehicleRegistration?: string | null;
  odometerStart?: number | null;
  odometerEnd?: number | null;
  supervisorFullLicenceYear?: number | null;
}

const filled = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : value != null);

/** The fields a rule asks for that this entry lacks. */
export function missingFields(session: ReadinessSession, fields: readonly EntryField[]): EntryField[] {
  const has: Record<EntryField, boolean> = {
    date: filled(session.date),
    times: filled(session.startTime),
    supervisor: filled(session.supervisorName) && filled(session.supervisorLicenseNumber),
    signatures: session.hasStudentSignature === true && session.hasSupervisorSignature === true,
    locations: filled(session.startSuburb) && filled(session.endSuburb),
    vehicleRegistration: filled(session.vehicleRegistration),
    odometer: filled(session.odometerStart) && filled(session.odometerEnd),
  };
  return fields.filter((field) => !has[field]);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface ReadinessInput {
  rule: StateRuleVersion;
  today: string;
  dateOfBirth: string | null | undefined;
  permitDate: string | null | undefined;
  sessions: ReadonlyArray<ReadinessSession>;
  /** Paper hours brought in, counted as logged. */
  extra?: { dayHours?: number; nightHours?: number };
  /** The lesson credit each session counts under (the rule in force on its date). */
  bonusRuleOn: BonusRuleFor;
  /** The learner's completed courses, as the state's rule counts them (courseCreditsOf). */
  courses?: ReadonlyArray<CourseOutcome>;
}

/** '80 of 75 hours logged', or 'Not yet: 40 of 75 hours logged, 35 to go'. */
function hoursLogged(logged: number, target: number, what: string): { met: boolean; message: string } {
  const left = Math.max(0, target - logged);
  const message = `${hoursText(logged)} of ${target} ${what} logged`;
  return left <= 0
    ? { met: true, message }
    : { met: false, message: `Not yet: ${message}, ${hoursText(roundToTenth(left))} to go` };
}

/** 'Safer Drivers Course: 20 hours counted', or why a course adds nothing, for each course recorded. */
function coursesMessage(outcomes: ReadonlyArray<CourseOutcome>): string {
  return outcomes
    .map((o) => (o.counted ? `${o.name}: ${hoursText(o.hours)} hours counted` : `${o.name} not counted: ${o.reason}`))
    .join('; ');
}

/**
 * Whether the log book would pass under `rule` on `today`: hours and night hours (credits within their caps), time on
 * the permit for the learner's age, every entry complete for the state and signed, and supervisors who meet the rule.
 */
export function readinessOf(input: ReadinessInput): Readiness {
  const { rule, today, sessions } = input;
  const age = learnerAgeFor(rule, input, today);
  // Where the hours depend on the learner's age when the permit was issued, none are guessed without that date.
  const permitDateAsked = rule.ageCountedOn === 'permitDate' && age === null;
  const hours = hoursFor(rule, age);
  const courses = input.courses ?? [];
  const progress = computeProgress(
    sessions,
    targetsFor(rule, age),
    input.extra ?? {},
    input.bonusRuleOn,
    countedCourses(courses),
  );
  const checks: Readiness['checks'] = [];

  const total = hoursLogged(progress.totalHours, hours.totalHours, 'hours');
  checks.push({
    id: 'hours',
    ok: total.met && !permitDateAsked,
    message: permitDateAsked
      ? `Not yet: add the learner's permit date to the student's details (${rule.name} sets the hours by the learner's age on it)`
      : total.message,
    source: hours.source,
  });
  const night = hoursLogged(progress.nightHours, hours.nightHours, 'night hours');
  checks.push({ id: 'night-hours', ok: night.met, message: night.message, source: hours.source });

  if (courses.length > 0) {
    const counted = courses.filter((c) => c.counted);
    checks.push({
      id: 'courses',
      ok: counted.length === courses.length,
      message: coursesMessage(courses),
      source: ruleCourseSource(rule, courses),
    });
  }

  const permit = permitTimeFor(rule, age);
  const permitFrom = input.permitDate && /^\d{4}-\d{2}-\d{2}$/.test(input.permitDate) ? input.permitDate : null;
  const earliestTestDate = permitFrom ? addMonths(permitFrom, permit.months) : null;
  const months = plural(permit.months, 'month', 'months');
  checks.push({
    id: 'permit-time',
    ok: earliestTestDate !== null && earliestTestDate <= today,
    message:
      earliestTestDate === null
        ? `Not yet: add the learner's permit date to the student's details (${months} needed)`
        : earliestTestDate <= today
          ? `${months} on the learner's permit: done on ${formatDisplayDate(earliestTestDate)}`
          : `Not yet: ${months} on the learner's permit, reached on ${formatDisplayDate(earliestTestDate)}`,
    source: permit.source,
  });

  const incomplete = sessions.filter((s) => missingFields(s, rule.entryFields.fields).length > 0);
  checks.push({
    id: 'entries',
    ok: incomplete.length === 0,
    message:
      incomplete.length === 0
        ? `Every entry is complete and signed (${plural(sessions.length, 'entry', 'entries')})`
        : `Not yet: ${plural(incomplete.length, 'entry needs', 'entries need')} ${describeMissing(incomplete, rule)}`,
    source: rule.entryFields.source,
  });

  const years = rule.supervisor.fullLicenceYears;
  const short = years > 0 ? sessions.filter((s) => !supervisorMeets(s, years, today)) : [];
  const names = [...new Set(short.map((s) => s.supervisorName?.trim() || 'a supervisor'))];
  checks.push({
    id: 'supervisors',
    ok: short.length === 0,
    message:
      years === 0
        ? 'Every supervisor needs a full licence'
        : short.length === 0
          ? `Every supervisor has held a full licence for ${plural(years, 'year', 'years')} or more`
          : `Not yet: add the year ${names.join(', ')} got a full licence (${plural(years, 'year', 'years')} needed)`,
    source: rule.supervisor.source,
  });

  // A course that adds nothing does not stop the log book passing: its hours are driven instead.
  return { ready: checks.every((c) => c.ok || c.id === 'courses'), earliestTestDate, checks };
}

/**
 * An instructor meets the rule; anyone else by the year their full licence was issued, counted conservatively: only
 * whole calendar years between that year and the drive's year count (a licence of 2023 is two years old in 2026).
 */
function supervisorMeets(session: ReadinessSession, years: number, today: string): boolean {
  if (session.supervisorIsInstructor === true) return true;
  const year = session.supervisorFullLicenceYear;
  if (typeof year !== 'number') return false;
  const onDay = Number((session.date ?? today).slice(0, 4));
  return onDay - year - 1 >= years;
}

/** The page of the first recorded course the rule knows, else the page of the rule's hours. */
function ruleCourseSource(rule: StateRuleVersion, courses: ReadonlyArray<CourseOutcome>): string {
  const known = courses.map((c) => rule.courseCredits.find((k) => k.id === c.id)).find((k) => k !== undefined);
  return known?.source ?? rule.hours[0]!.source;
}

const FIELD_WORDS: Record<EntryField, string> = {
  date: 'a date',
  times: 'start and end times',
  supervisor: "the supervisor's name and licence",
  signatures: 'both signatures',
  locations: 'start and end places',
  vehicleRegistration: "the vehicle's registration",
  odometer: 'odometer readings',
};

function describeMissing(incomplete: ReadonlyArray<ReadinessSession>, rule: StateRuleVersion): string {
  const lacking = new Set(incomplete.flatMap((s) => missingFields(s, rule.entryFields.fields)));
  return [...lacking].map((f) => FIELD_WORDS[f]).join(', ');
}
