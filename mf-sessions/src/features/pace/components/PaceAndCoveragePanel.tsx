import { useId, type ReactNode } from 'react';
import { Alert, Button, Card, Spinner } from '@logbook/ui/shared';
import { ApiError } from '@logbook/shell-context/shared';
import type { InsightsView } from '@logbook/contracts/view';
import { hoursText, weekLabels } from '../utils/weekLabels';

export interface PaceAndCoveragePanelProps {
  insights: InsightsView | undefined;
  error?: unknown;
  onRetry: () => void;
}

function problemText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? `The server answered ${error.status}. Please try again.`;
  if (error instanceof TypeError) return 'The server could not be reached. Check the connection and try again.';
  return error instanceof Error ? error.message : String(error);
}

const sessionsCounted = (insights: InsightsView) =>
  Object.values(insights.counts.timeOfDay).reduce((sum, n) => sum + n, 0);

function PaceIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <path d="M3 15.5 8 10l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <path d="M13 6h4v4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function ConditionsIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M10 6v4.5l3 2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function WeeklyHours({ insights }: { insights: InsightsView }) {
  const labels = weekLabels(insights.today, insights.hoursPerWeek.length);
  const most = Math.max(...insights.hoursPerWeek, 0);
  const headingId = useId();
  return (
    <div>
      <p className="lls-insights__sub" id={headingId}>
        Hours per week · average {hoursText(insights.averageWeeklyHours)}
      </p>
      <ul className="lls-insights__weeks" aria-labelledby={headingId} data-testid="weekly-hours">
        {insights.hoursPerWeek.map((hours, i) => (
          <li key={labels[i]} className="lls-insights__week">
            <span className="lls-insights__week-label">{labels[i]}</span>
            <span className="lls-insights__track" aria-hidden="true">
              <span
                className="lls-insights__bar"
                style={{ display: 'block', width: `${most > 0 ? Math.round((hours / most) * 100) : 0}%` }}
              />
            </span>
            <span className="lls-insights__hours">{hoursText(hours)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Hours per week over the last four weeks, when the targets will be met at that pace, and what is still to practise. */
export function PaceAndCoveragePanel({ insights, error, onRetry }: PaceAndCoveragePanelProps) {
  let body: ReactNode;
  if (error && !insights)
    body = (
      <Alert
        title="Pace could not be loaded"
        variant="destructive"
        action={
          <Button size="sm" variant="outline" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {problemText(error)}
      </Alert>
    );
  else if (!insights) body = <Spinner label="Loading pace…" />;
  else if (sessionsCounted(insights) === 0)
    body = (
      <p className="lls-insights__line" data-testid="insights-empty">
        No sessions logged yet. After the first drive, this shows the weekly pace, when the target could be reached, and
        which conditions are still to try.
      </p>
    );
  else
    body = (
      <div className="lls-insights" data-testid="insights-panel">
        <WeeklyHours insights={insights} />
        <p className="lls-insights__line" data-testid="pace-line">
          <PaceIcon />
          <span>{insights.paceText}</span>
        </p>
        <p className="lls-insights__line" data-testid="not-practised-line">
          <ConditionsIcon />
          <span>{insights.notPractisedText}</span>
        </p>
      </div>
    );
  return (
    <Card title="Pace and Coverage" headingLevel={2} description="The last four weeks of driving.">
      {body}
    </Card>
  );
}
