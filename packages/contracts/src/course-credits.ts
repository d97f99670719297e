import { formatDisplayDate } from './dates';
import { addMonths } from './months';
import { hoursFromDuration, hoursText, roundToTenth } from './duration';
import type { ProgressSession } from './progress';
import { ageOn, ruleOn, stateRuleVersions, type StateCode, type StateRuleVersion } from './state-rules';

/** A course the learner completed, as the student's details record it. */
export interface CompletedCourse {
  id: string;
  completedOn: string;
}

/** What the rule makes of one completed course: the hours it adds (0 when not counted) and why not, if so. */
export interface CourseOutcome {
  id: string;
  name: string;
  completedOn: string;
  hours: number;
  counted: boolean;
  /** Why the course adds nothing, in plain words. */
  reason?: string;
}

/** Hours driven in the entries dated up to a day: no credits, no paper hours (their dates are not known). */
function drivenBy(sessions: ReadonlyArray<ProgressSession>, day: string): number {
  return roundToTenth(
    sessions
      .filter((s) => (s.date ?? '') !== '' && s.date! <= day)
      .reduce((sum, s) => sum + hoursFromDuration(s.duration), 0),
  );
}

export interface CourseCreditInput {
  state: StateCode;
  courses: ReadonlyArray<CompletedCourse> | null | undefined;
  dateOfBirth: string | null | undefined;
  /** When the learner's permit was issued: a course that asks for time on the permit is judged by it. */
  permitDate?: string | null;
  sessions: ReadonlyArray<ProgressSession>;
  today: string;
  versions?: readonly StateRuleVersion[];
}

/**
 * Each completed course under the family's state's rule in force on the day of the course: its hours once, when that
 * rule credits it, its figure was checked on the state's own page, and the learner met its conditions that day (age,
 * hours logged before it). A condition that cannot be checked counts as not met.
 */
export function courseCreditsOf(input: CourseCreditInput): CourseOutcome[] {
  const versions = input.versions ?? stateRuleVersions();
  const seen = new Set<string>();
  const outcomes: CourseOutcome[] = [];
  const ordered = [...(input.courses ?? [])].sort((a, b) => a.completedOn.localeCompare(b.completedOn));
  for (const course of ordered) {
    if (seen.has(course.id)) continue;
    seen.add(course.id);
    const { name, hours, reason } = judgeCourse(course, input, versions);
    const counted = reason === undefined;
    outcomes.push({
      id: course.id,
      name,
      completedOn: course.completedOn,
      hours,
      counted,
      ...(counted ? {} : { reason }),
    });
  }
  return outcomes;
}

/** The course's name and the hours it adds, or why it adds none. */
function judgeCourse(
  course: CompletedCourse,
  input: CourseCreditInput,
  versions: readonly StateRuleVersion[],
): { name: string; hours: number; reason?: string } {
  const day = course.completedOn;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day > input.today) {
    return { name: course.id, hours: 0, reason: 'its date is not a past day' };
  }
  const rule = ruleOn(input.state, day, versions);
  const credit = rule.courseCredits.find((c) => c.id === course.id);
  if (!credit) {
    const known = versions.flatMap((v) => v.courseCredits).find((c) => c.id === course.id);
    const reason = `not credited by ${rule.name}'s rule on ${formatDisplayDate(day)}`;
    return { name: known?.name ?? course.id, hours: 0, reason };
  }
  const no = (reason: string) => ({ name: credit.name, hours: 0, reason });
  if (!credit.verified) return no("not confirmed on the state's own page");
  if (credit.underAge !== null) {
    const age = ageOn(input.dateOfBirth, day);
    if (age === null || age >= credit.underAge)
      return no(`counts only under ${credit.underAge} on the day of the course`);
  }
  if (credit.minPermitMonths) {
    const heldFrom = input.permitDate ? addMonths(input.permitDate, credit.minPermitMonths) : null;
    if (heldFrom === null || day < heldFrom) {
      return no(`counts only after ${credit.minPermitMonths} months on the learner's permit`);
    }
  }
  const driven = credit.minLoggedHours > 0 ? drivenBy(input.sessions, day) : 0;
  if (driven < credit.minLoggedHours) {
    return no(
      `needs ${credit.minLoggedHours} hours logged before it (${hoursText(driven)} by ${formatDisplayDate(day)})`,
    );
  }
  return { name: credit.name, hours: credit.hours };
}

/** The courses that add hours, as progress counts them. */
export const countedCourses = (outcomes: ReadonlyArray<CourseOutcome>) =>
  outcomes.filter((o) => o.counted).map(({ id, name, hours }) => ({ id, name, hours }));
