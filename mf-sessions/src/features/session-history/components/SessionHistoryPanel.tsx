import { useMemo, useState, type ReactNode } from 'react';
import { Alert } from '@logbook/ui/Alert';
import { Card } from '@logbook/ui/Card';
import { EmptyState } from '@logbook/ui/EmptyState';
import { Spinner } from '@logbook/ui/Spinner';
import { useWaitingSessions } from '../../../lib/outbox/useWaitingSessions';
import { NO_FILTERS, type SessionFilters } from '../../../lib/sessionKeys';
import { useDrivingSessions } from '../hooks/useDrivingSessions';
import { historyFigures } from '../utils/historyFigures';
import { HistoryFilters } from './HistoryFilters';
import { SessionListItem } from './SessionListItem';
import { SummaryCards } from './SummaryCards';

export interface SessionHistoryPanelProps {
  studentId: number;
  /** False on parent screens while the subscription is not active: nothing is requested. */
  enabled?: boolean;
  remaining?: { hours: number; target: number };
  /** Shown instead of the list when not enabled. */
  disabledNotice?: ReactNode;
}

export function SessionHistoryPanel({
  studentId,
  enabled = true,
  remaining,
  disabledNotice,
}: SessionHistoryPanelProps) {
  const [filters, setFilters] = useState<SessionFilters>(NO_FILTERS);
  const { data, error, isLoading, isValidating } = useDrivingSessions(studentId, filters, enabled);
  const waiting = useWaitingSessions(studentId);
  const sessions = useMemo(() => data ?? [], [data]);
  const figures = useMemo(() => historyFigures(sessions), [sessions]);
  const filtered = Boolean(filters.fromDate || filters.toDate || filters.timeOfDay);

  let list;
  if (!enabled) list = disabledNotice;
  else if (error)
    list = (
      <Alert title="Sessions could not be loaded" variant="destructive">
        {error instanceof Error ? error.message : String(error)}
      </Alert>
    );
  else if (isLoading && !data) list = <Spinner label="Loading sessions…" />;
  else if (sessions.length === 0 && waiting.length === 0)
    list = (
      <EmptyState
        title={filtered ? 'No sessions match these filters' : 'No sessions yet'}
        description={
          filtered
            ? 'Try a wider date range or another time of day.'
            : 'Logged driving sessions appear here, newest first.'
        }
      />
    );
  else
    list = (
      <ul className="lls-session-list" aria-label="Driving sessions" aria-busy={isValidating || undefined}>
        {waiting.map((entry) => (
          <SessionListItem key={entry.clientId} session={entry.payload} waiting />
        ))}
        {sessions.map((s) => (
          <SessionListItem key={s.id} session={s} />
        ))}
      </ul>
    );

  return (
    <Card title="Session History" headingLevel={2} description="Logged sessions, newest first.">
      <div className="lls-history">
        {enabled && <SummaryCards figures={figures} remaining={remaining} filtered={filtered} />}
        {enabled && <HistoryFilters filters={filters} onChange={setFilters} />}
        {waiting.length > 0 && (
          <Alert
            title={`${waiting.length} session${waiting.length === 1 ? '' : 's'} waiting to be sent`}
            variant="warning"
          >
            Saved on this device; sent automatically when the connection is back.
          </Alert>
        )}
        {list}
      </div>
    </Card>
  );
}
