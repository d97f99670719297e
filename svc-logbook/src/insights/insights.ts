import type { Callers } from '@logbook/service-kit/auth';
import { computeInsights, notPractisedText, paceText } from '@logbook/contracts/insights';
import { HOME_TIME_ZONE, todayInTimeZone } from '@logbook/contracts/dates';
import { exactly, type InsightsView } from '@logbook/contracts/responses';
import { sessionsAndProgress } from '../sessions/summary';

/** Families log in South Australian days, whatever the server's or the device's clock says. */
export const todayInHomeZone = (now: Date = new Date()): string => todayInTimeZone(HOME_TIME_ZONE, now)!;

/** Pace over the last four weeks and the conditions practised, against the family's targets and paper hours. */
export async function insightsOf(callers: Callers, studentId: number, today: string): Promise<InsightsView> {
  const { progress, sessions } = await sessionsAndProgress(callers, studentId);
  const insights = computeInsights(sessions, progress.remaining.total, today);
  return exactly<InsightsView>()({
    ...insights,
    today,
    totalTarget: progress.targets.total,
    hoursRemaining: progress.remaining.total,
    paceText: paceText(insights, progress.targets.total),
    notPractisedText: notPractisedText(insights),
  });
}
