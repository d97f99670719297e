import { Link, paths } from '@logbook/shell-context/shared';
import { Badge, Button, ProgressBar, buttonClass } from '@logbook/ui/shared';
import { bonusText, courseText, isActive } from '@logbook/contracts/view';
import type { Student } from '@logbook/contracts/view';
import { sessionsPdfUrl } from '../../../lib/apiKeys';
import { DownloadIcon, LockIcon } from '../../../lib/icons';
import { LoadProblem } from '../../../lib/LoadProblem';
import { useProgressSummary } from '../../../lib/progressSummaries';
import { hoursBySource, progressBadgeVariant, progressRows, remainingText } from '../utils/progressView';

/** Hours logged against the family's day and night targets, and the PDF log book. */
export function ProgressPanel({ student }: { student: Student }) {
  const active = isActive(student.subscriptionStatus);
  const { data: summary, error, isLoading, mutate } = useProgressSummary(active ? student.id : null);
  const label = `Progress for ${student.firstName}`;
  const sources = summary ? hoursBySource(summary) : null;
  const bonus = summary ? bonusText(summary) : null;
  const course = summary ? courseText(summary) : null;

  if (!active) {
    return (
      <section className="pp-panel" aria-label={label} data-testid="progress-panel">
        <h3 className="pp-panel__title">Progress</h3>
        <div className="pp-locked" data-testid="progress-subscription-required">
          <p className="pp-locked__title">
            <LockIcon />
            Subscription required
          </p>
          <p className="pp-panel__muted">
            Subscribe to log sessions, track {student.firstName}&rsquo;s hours and download the PDF log.
          </p>
          <Link to={paths.subscribe(student.id)} className={buttonClass('outline', 'sm')}>
            Subscribe
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="pp-panel" aria-label={label} data-testid="progress-panel" aria-busy={isLoading || undefined}>
      <div className="pp-panel__head">
        <h3 className="pp-panel__title">Progress</h3>
        {summary && (
          <Badge variant={progressBadgeVariant(summary.badge)} data-testid="progress-badge">
            {summary.badge}
          </Badge>
        )}
      </div>
      {error && !summary ? (
        <LoadProblem what="Progress" onRetry={() => void mutate()} inPanel />
      ) : !summary ? (
        <p className="pp-panel__muted" role="status">
          Loading progress…
        </p>
      ) : (
        <>
          <div className="pp-bars">
            {progressRows(summary).map((row) => (
              <div key={row.kind} className="pp-bar" data-testid={`progress-${row.kind}`}>
                <div className="pp-bar__meta">
                  <span className="pp-bar__label">{row.label}</span>
                  <span className="pp-bar__value">{row.text}</span>
                </div>
                <ProgressBar value={row.percent} label={`${row.label} hours`} tone={row.tone} />
              </div>
            ))}
          </div>
          <p className="pp-remaining" data-testid="progress-remaining">
            {remainingText(summary)}
          </p>
          {bonus && (
            <p className="pp-panel__muted" data-testid="progress-bonus">
              Total {bonus} with a driving instructor
            </p>
          )}
          {course && (
            <p className="pp-panel__muted" data-testid="progress-courses">
              Total {course}
            </p>
          )}
          {sources && (
            <ul className="pp-sources" aria-label="Where the hours come from" data-testid="progress-sources">
              <li data-testid="progress-paper-hours">{sources.paper}</li>
              <li data-testid="progress-logged-hours">{sources.logged}</li>
            </ul>
          )}
        </>
      )}
      <div className="pp-panel__actions">
        <Button variant="outline" size="sm" onClick={() => window.open(sessionsPdfUrl(student.id), '_blank')}>
          <DownloadIcon />
          Download PDF Log
        </Button>
        {summary && (
          <Link
            to={paths.studentPaperHours(student.id)}
            className={buttonClass('ghost', 'sm')}
            aria-label={`${sources ? 'Edit' : 'Add'} paper hours for ${student.firstName}`}
          >
            {sources ? 'Edit paper hours' : 'Add paper hours'}
          </Link>
        )}
      </div>
    </section>
  );
}
