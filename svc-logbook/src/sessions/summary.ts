import type { Callers } from '@logbook/service-kit/auth';
import { hoursFromDuration, roundToTenth } from '@logbook/contracts/duration';
import { computeProgress, type Progress, type ProgressSession } from '@logbook/contracts/progress';
import { countedCourses, courseCreditsOf, type CompletedCourse } from '@logbook/contracts/course-credits';
import { todayIso } from '@logbook/contracts/state-rules';
import { exactly } from '@logbook/contracts/responses';
import type { ProgressSummary } from '@logbook/contracts/progress-summary';
import type { StateCode } from '@logbook/contracts/state-codes';
import { openingBalanceOf } from '../students/students';
import type { OpeningBalance } from '../students/model';
import { familyRulesOf, logbookRuleVersions, targetsOfLearner } from '../settings/settings';
import { DrivingSessionModel, IN_FORCE } from './model';
import { allSessions, sessionsInForce, studentAndVersion } from './read';

export interface StudentSummary extends Progress {
  openingBalance: Required<OpeningBalance> | null;
  /** The family's state, whose rule the figures follow. */
  state: StateCode;
}

type SummaryStudent = {
  _id: number;
  userId: number;
  dateOfBirth?: string | null;
  permitDate?: string | null;
  courses?: ReadonlyArray<CompletedCourse> | null;
  openingBalance?: OpeningBalance | null;
};

/** The learner's completed courses and the hours each adds under their family's state's rules on `today`. */
export function coursesCredited(
  student: SummaryStudent,
  state: StateCode,
  sessions: ReadonlyArray<ProgressSession>,
  today: string = todayIso(),
) {
  return courseCreditsOf({
    state,
    courses: student.courses,
    dateOfBirth: student.dateOfBirth,
    permitDate: student.permitDate,
    sessions,
    today,
    versions: logbookRuleVersions(),
  });
}

/**
 * Progress of one student against their family's targets, counting the entries in force and the bonus of the
 * family's state for instructor lessons: the numbers the screens and the PDF both show.
 */
export async function progressOf(
  student: SummaryStudent,
  read: () => Promise<ReadonlyArray<ProgressSession>> = () =>
    DrivingSessionModel.find({ studentId: student._id, ...IN_FORCE })
      .select({ duration: 1, timeOfDay: 1, supervisorIsInstructor: 1, date: 1, startTime: 1 })
      .lean(),
): Promise<StudentSummary> {
  const [rules, sessions] = await Promise.all([familyRulesOf(student.userId), read()]);
  const openingBalance = openingBalanceOf(student);
  const courses = coursesCredited(student, rules.state, sessions);
  const progress = computeProgress(
    sessions,
    targetsOfLearner(rules, student),
    { dayHours: openingBalance?.dayHours ?? 0, nightHours: openingBalance?.nightHours ?? 0 },
    rules.bonusRuleOn,
    countedCourses(courses),
  );
  return { ...progress, openingBalance, state: rules.state };
}

export async function summaryOf(callers: Callers, studentId: number): Promise<ProgressSummary> {
  const { student, version } = await studentAndVersion(callers, studentId);
  const summary = await progressOf(student, () => sessionsInForce(student._id, version));
  // Listed apart, never counted: the entries whose supervisor has not signed yet.
  const awaiting = (await allSessions(student._id, version)).sessions.filter((s) => s.status === 'awaiting');
  const awaitingHours = roundToTenth(awaiting.reduce((sum, s) => sum + hoursFromDuration(s.duration), 0));
  return exactly<ProgressSummary>()({
    ...summary,
    awaitingSignature: { sessionCount: awaiting.length, hours: awaitingHours },
  });
}

/** The student, their progress and every entry in force (newest first, no signatures), for the insights panel. */
export async function sessionsAndProgress(callers: Callers, studentId: number) {
  const { student, version } = await studentAndVersion(callers, studentId);
  const sessions = await sessionsInForce(student._id, version);
  return { student, sessions, progress: await progressOf(student, async () => sessions) };
}
