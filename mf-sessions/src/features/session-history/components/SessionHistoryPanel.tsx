import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate, paths, toast } from '@logbook/shell-context/shared';
import { mutate, useSWRConfig } from 'swr';
import { Alert, Button, Dialog, Card, EmptyState, Spinner } from '@logbook/ui/shared';
import { useWaitingSessions } from '../../../lib/outbox/useWaitingSessions';
import { SubscriptionRequired } from '../../../lib/SubscriptionRequired';
import { NO_FILTERS, isStudentSessionsKey, type SessionFilters } from '../../../lib/sessionKeys';
import { isInForce, type HistoryEntry } from '../../../lib/sessionHistory';
import { useDrawnInSteps } from '../hooks/useDrawnInSteps';
import { useDrivingSessions } from '../hooks/useDrivingSessions';
import { historyFigures } from '../utils/historyFigures';
import { HistoryFilters } from './HistoryFilters';
import { SessionListItem, type EntryAction } from './SessionListItem';
import { SummaryCards } from './SummaryCards';

// Removing an entry is the parent's, and rare: the dialog and its request are fetched when Remove is chosen. Offline,
// before they ever were, the parent is told a removal waits for a connection.
const RemoveSessionDialog = lazy(() =>
  import('./RemoveSessionDialog').catch(() => ({
    default: ({ onClose }: { onClose: () => void }) => (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title="Remove this session?"
        description="A session can be removed once you are back online."
      />
    ),
  })),
);

export interface SessionHistoryPanelProps {
  studentId: number;
  /** False on parent screens while the subscription is not active: nothing is requested, Subscribe is offered. */
  enabled?: boolean;
  remaining?: { hours: number; target: number };
  /** A parent's view: each entry in force can be corrected or removed, and says which guardian logged it. */
  canCorrect?: boolean;
}

export function SessionHistoryPanel({
  studentId,
  enabled = true,
  remaining,
  canCorrect = false,
}: SessionHistoryPanelProps) {
  const navigate = useNavigate();
  // The entry whose Correct, Remove or Cancel is being confirmed.
  const [asked, setAsked] = useState<{ action: EntryAction; session: HistoryEntry }>();
  const close = () => setAsked(undefined);
  const [signOffPending, setSignOffPending] = useState(false);
  const { mutate: refresh } = useSWRConfig();
  // The history and the progress are read again either way: a refusal may mean the entry has moved on.
  const signOff = useCallback(
    async (s: HistoryEntry, action: 'resend' | 'cancel') => {
      setSignOffPending(true);
      const { runSignOffAction } = await import('../utils/signOffActions');
      if (await runSignOffAction(s.id, action, toast)) setAsked(undefined);
      setSignOffPending(false);
      void refresh(isStudentSessionsKey(studentId));
    },
    [refresh, studentId],
  );
  // Stable, like the other handlers, so the memoised entries are not drawn again.
  const onAction = useCallback(
    (session: HistoryEntry, action: EntryAction) =>
      action === 'resend' ? void signOff(session, action) : setAsked({ action, session }),
    [signOff],
  );
  const [filters, setFilters] = useState<SessionFilters>(NO_FILTERS);
  const { data, error, isLoading, isValidating } = useDrivingSessions(studentId, filters, enabled);
  const waiting = useWaitingSessions(studentId);
  const sessions = useMemo(() => (data ?? []) as HistoryEntry[], [data]);
  // Corrected and removed entries are listed, struck out, but only the entries in force count.
  const figures = useMemo(() => historyFigures(sessions.filter(isInForce)), [sessions]);
  const filtered = Boolean(filters.fromDate || filters.toDate || filters.timeOfDay);
  const drawn = useDrawnInSteps(sessions.length);

  let list;
  if (!enabled) list = <SubscriptionRequired studentId={studentId} />;
  else if (error && !data)
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
        {sessions.slice(0, drawn).map((s) => (
          <SessionListItem key={s.id} session={s} onAction={canCorrect ? onAction : undefined} />
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
      <Dialog
        open={asked?.action === 'correct'}
        onOpenChange={(open) => !open && close()}
        size="sm"
        title="Correct this session?"
        description="You fill in the corrected session and both of you sign again. The session logged stays in the log book, struck out with your reason."
        footer={
          <>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => asked && navigate(paths.correctSession(studentId, asked.session.id))}>
              Correct session
            </Button>
          </>
        }
      />
      <Dialog
        open={asked?.action === 'cancel'}
        onOpenChange={(open) => !open && !signOffPending && close()}
        size="sm"
        title="Cancel this signature request?"
        description="The link stops working and the session is removed."
        footer={
          <>
            <Button variant="outline" onClick={close} disabled={signOffPending}>
              Keep it
            </Button>
            <Button
              variant="destructive"
              pending={signOffPending}
              onClick={() => asked && void signOff(asked.session, 'cancel')}
            >
              Cancel request
            </Button>
          </>
        }
      />
      {asked?.action === 'remove' && (
        <Suspense fallback={null}>
          <RemoveSessionDialog
            session={asked.session}
            onClose={close}
            onRemoved={() => {
              close();
              toast({ title: 'Session removed' });
              void mutate(isStudentSessionsKey(studentId));
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
