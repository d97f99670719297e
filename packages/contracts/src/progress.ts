import { BADGE_THRESHOLDS, DEFAULT_SETTINGS, PROGRESS_BADGES, type ProgressBadge, type TimeOfDay } from './constants';
import { hoursFromDuration, hoursText, roundToTenth } from './duration';
import type { ProgressSummary } from './progress-summary';
import type { InstructorBonusRule } from './state-rules';

export interface TargetHours {
  day: number;
  night: number;
}

/** Progress as counted here; the summary's answer adds the paper hours and the family's state. */
export type Progress = Omit<
  ProgressSummary,
  'badge' | 'bonusHours' | 'instructorLessons' | 'openingBalance' | 'state' | 'awaitingSignature'
> & {
  badge: ProgressBadge;
  bonusHours: number;
  instructorLessons: number;
};

/** A completed course the state's rule credits, and the hours it adds once. */
type CountedCourse = NonNullable<ProgressSummary['courses']>[number];

/** What progress reads of a session: its length and time of day, and whether an instructor supervised it. */
export interface ProgressSession {
  duration: string;
  timeOfDay: TimeOfDay | string;
  supervisorIsInstructor?: boolean | null;
  date?: string;
  startTime?: string;
}

/** The lesson credit one session counts under: the same for every session, or the rule in force on its date. */
export type BonusRuleFor = InstructorBonusRule | null | undefined | ((date: string) => InstructorBonusRule | null);

/**
 * The bonus hours of the instructor lessons among `sessions`: the oldest lessons first, each lesson counted under the
 * rule in force on its own date, each lesson hour adding (multiplier - 1) hours until that rule's cap of lesson hours
 * is reached. Lessons from before a credit existed count as plain hours and use none of its cap.
 */
export function instructorBonus(
  sessions: ReadonlyArray<ProgressSession>,
  rule: BonusRuleFor,
): { bonusHours: number; instructorLessons: number } {
  const ruleFor = typeof rule === 'function' ? rule : () => rule ?? null;
  const lessons = sessions
    .filter((s) => s.supervisorIsInstructor === true)
    .sort((a, b) => `${a.date ?? ''} ${a.startTime ?? ''}`.localeCompare(`${b.date ?? ''} ${b.startTime ?? ''}`));
  let used = 0;
  let bonus = 0;
  let counted = 0;
  for (const lesson of lessons) {
    const r = ruleFor(lesson.date ?? '');
    if (!r || r.multiplier <= 1) continue;
    const left = (r.maxLessonHours ?? Number.POSITIVE_INFINITY) - used;
    const hours = Math.min(hoursFromDuration(lesson.duration), left);
    if (hours <= 0) continue;
    used += hours;
    bonus += hours * (r.multiplier - 1);
    counted += 1;
  }
  return { bonusHours: roundToTenth(bonus), instructorLessons: counted };
}

/** 'including 20 hours from the Safer Drivers Course', or null when no course adds hours. */
export function courseText(progress: { courses?: ReadonlyArray<CountedCourse> }): string | null {
  const courses = (progress.courses ?? []).filter((c) => c.hours > 0);
  if (courses.length === 0) return null;
  const parts = courses.map((c) => `${c.hours} ${c.hours === 1 ? 'hour' : 'hours'} from the ${c.name}`);
  return `including ${parts.join(' and ')}`;
}

/** 'including 6 bonus hours from 2 lessons', or null when there are none: the same words on every screen and the PDF. */
export function bonusText(progress: { bonusHours?: number; instructorLessons?: number }): string | null {
  const hours = progress.bonusHours ?? 0;
  const lessons = progress.instructorLessons ?? 0;
  if (hours <= 0 || lessons <= 0) return null;
  return `including ${hoursText(hours)} bonus ${hours === 1 ? 'hour' : 'hours'} from ${lessons} ${lessons === 1 ? 'lesson' : 'lessons'}`;
}

export const DEFAULT_TARGETS: TargetHours = {
  day: DEFAULT_SETTINGS.dayTimeTargetHours,
  night: DEFAULT_SETTINGS.nightTimeTargetHours,
};

/** Percentage of a target reached, capped at 100; a target of 0 is met from the start. */
export function percentOf(hours: number, target: number): number {
  if (target <= 0) return 100;
  return Math.min(100, roundToTenth((hours / target) * 100));
}

export function badgeFor(totalPercent: number): ProgressBadge {
  if (totalPercent >= BADGE_THRESHOLDS.complete) return PROGRESS_BADGES.complete;
  if (totalPercent >= BADGE_THRESHOLDS.almostThere) return PROGRESS_BADGES.almostThere;
  if (totalPercent >= BADGE_THRESHOLDS.halfway) return PROGRESS_BADGES.halfway;
  return PROGRESS_BADGES.gettingStarted;
}

/**
 * Progress toward the targets; the total target is always day plus night. Extra hours of one kind never count for the
 * other. Instructor lessons add the state's bonus hours (given its rule), and credited courses their hours, to the day
 * hours.
 */
export function computeProgress(
  sessions: ReadonlyArray<ProgressSession>,
  targets: TargetHours = DEFAULT_TARGETS,
  extra: { dayHours?: number; nightHours?: number } = {},
  bonusRule: BonusRuleFor = null,
  courses: ReadonlyArray<CountedCourse> = [],
): Progress {
  const bonus = instructorBonus(sessions, bonusRule);
  const courseHours = roundToTenth(courses.reduce((sum, c) => sum + c.hours, 0));
  let day = (extra.dayHours ?? 0) + bonus.bonusHours + courseHours;
  let night = extra.nightHours ?? 0;
  for (const s of sessions) {
    const h = hoursFromDuration(s.duration);
    if (s.timeOfDay === 'night') night += h;
    else if (s.timeOfDay === 'day') day += h;
  }
  const dayHours = roundToTenth(day);
  const nightHours = roundToTenth(night);
  const totalHours = roundToTenth(day + night);
  const total = targets.day + targets.night;
  const percent = {
    day: percentOf(dayHours, targets.day),
    night: percentOf(nightHours, targets.night),
    total: percentOf(totalHours, total),
  };
  return {
    dayHours,
    nightHours,
    totalHours,
    targets: { day: targets.day, night: targets.night, total },
    percent,
    remaining: {
      day: roundToTenth(Math.max(0, targets.day - dayHours)),
      night: roundToTenth(Math.max(0, targets.night - nightHours)),
      total: roundToTenth(Math.max(0, total - totalHours)),
    },
    badge: badgeFor(percent.total),
    sessionCount: sessions.length,
    ...bonus,
    // Only where a course counts: the answers of learners without one stay as they were.
    ...(courses.length > 0
      ? { courseHours, courses: courses.map(({ id, name, hours }) => ({ id, name, hours })) }
      : {}),
  };
}

/** Targets from the settings list the API returns ([{ key, value }]), with the defaults for anything missing or bad. */
export function targetsFromSettings(
  settings: ReadonlyArray<{ key: string; value: string | number }> | undefined,
): TargetHours {
  const read = (key: string, fallback: number) => {
    const found = settings?.find((s) => s.key === key);
    const n = found ? Number.parseInt(String(found.value), 10) : NaN;
    return Number.isInteger(n) && n >= 0 && n <= 200 ? n : fallback;
  };
  return {
    day: read('dayTimeTargetHours', DEFAULT_TARGETS.day),
    night: read('nightTimeTargetHours', DEFAULT_TARGETS.night),
  };
}
