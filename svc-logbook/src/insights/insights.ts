import type { Callers } from '@logbook/service-kit/auth';
import { computeInsights, notPractisedText, paceText } from '@logbook/contracts/insights';
import { exactly, type InsightsView } from '@logbook/contracts/responses';
import { sessionsAndProgress } from '../sessions/summary';

/** Families log in South Australian days, whatever the server's or the device's clock says. */
const HOME_TIME_ZONE = 'Australia/Adelaide';

export function todayInHomeZone(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: HOME_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export type { InsightsView };

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
