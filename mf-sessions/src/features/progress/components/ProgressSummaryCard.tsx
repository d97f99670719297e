import type { ReactNode } from 'react';
import type { ProgressSummary } from '@logbook/contracts/view';
import { PROGRESS_BADGES, TIME_OF_DAY_LABELS, bonusText, courseText } from '@logbook/contracts/view';
import { Alert, Badge, Card, ProgressBar, Spinner, formatHours } from '@logbook/ui/shared';
import { paperHoursText } from '../utils/paperHoursText';

export interface ProgressSummaryCardProps {
  summary: ProgressSummary | undefined;
  error?: unknown;
  /** Shown instead of the figures (a subscription notice). */
  notice?: ReactNode;
  /** Shown under the figures (the readiness checklist). */
  extra?: ReactNode;
}

const h = (n: number) => `${formatHours(n)}h`;

export function ProgressSummaryCard({ summary, error, notice, extra }: ProgressSummaryCardProps) {
  let body: ReactNode;
  if (notice) body = notice;
  else if (error && !summary)
    body = (
      <Alert title="Progress could not be loaded" variant="destructive">
        {error instanceof Error ? error.message : String(error)}
      </Alert>
    );
  else if (!summary) body = <Spinner label="Loading progress…" />;
  else {
    const complete = summary.badge === PROGRESS_BADGES.complete;
    const bonus = bonusText(summary);
    const course = courseText(summary);
    const awaiting = summary.awaitingSignature;
    // What else the hours include or wait for, each a line of its own when there is any.
    const notes = [
      { id: 'bonus-hours', text: bonus && `Total ${bonus}` },
      { id: 'course-hours', text: course && `Total ${course}` },
      {
        id: 'awaiting-signature',
        text: awaiting?.sessionCount ? `${formatHours(awaiting.hours)} h awaiting signature` : null,
      },
      { id: 'paper-hours', text: paperHoursText(summary.openingBalance) },
    ];
    body = (
      <div className="lls-progress" data-testid="progress-summary">
        <div className="lls-progress__figures lls-progress__head" style={{ alignItems: 'baseline' }}>
          <p className="lls-progress__total">
            {h(summary.totalHours)} <span style={{ fontSize: 15, fontWeight: 500 }}>of {summary.targets.total}h</span>
          </p>
          <Badge variant={complete ? 'success' : 'info'}>{summary.badge}</Badge>
        </div>
        <ProgressBar value={summary.percent.total} label="Total hours" showLabel tone="primary" />
        {(['day', 'night'] as const).map((tone) => (
          <ProgressBar
            key={tone}
            value={summary.percent[tone]}
            label={`${TIME_OF_DAY_LABELS[tone]}: ${h(summary[`${tone}Hours`])} of ${summary.targets[tone]}h`}
            showLabel
            tone={tone}
          />
        ))}
        {notes.map(
          ({ id, text }) =>
            text && (
              <p key={id} className="lls-paper-note" data-testid={id}>
                {text}
              </p>
            ),
        )}
        <p className="lls-progress__figures" style={{ margin: 0 }}>
          <span>Hours remaining</span>
          <strong data-testid="hours-remaining">{h(summary.remaining.total)}</strong>
        </p>
        <p className="lls-progress__figures" style={{ margin: 0 }}>
          <span>Sessions logged</span>
          <strong>{summary.sessionCount}</strong>
        </p>
        {extra}
      </div>
    );
  }
  return (
    <Card title="Progress Summary" headingLevel={2} description="Day and night hours towards the target.">
      {body}
    </Card>
  );
}
