import { useEffect } from 'react';
import { useParams, parseStudentId } from '@logbook/shell-context/shared';
import { SessionHistoryPanel } from '../../features/session-history/components/SessionHistoryPanel';
import { SessionsStyles } from '../../lib/SessionsStyles';
import { PanelStyles } from '../../lib/PanelStyles';
import { SubscriptionRequired } from '../../lib/SubscriptionRequired';
import { startOutboxSync } from '../../lib/outbox/outboxRuntime';
import { useSessionSummary } from '../../lib/useSessionSummary';

export interface SessionHistoryProps {
  /** Defaults to the route's :studentId. */
  studentId?: number;
  /** False while a parent's student has no active subscription: nothing is requested. */
  enabled?: boolean;
  /** A parent's view: Correct and Remove on each entry in force. */
  canCorrect?: boolean;
}

/** The sessions list with its filters and the five summary cards. */
export default function SessionHistory({ studentId: given, enabled = true, canCorrect = false }: SessionHistoryProps) {
  const params = useParams();
  const studentId = given ?? parseStudentId(params.studentId) ?? undefined;
  useEffect(() => startOutboxSync(), []);
  const summary = useSessionSummary(studentId, enabled);
  if (!studentId) return null;
  const remaining = summary.data
    ? { hours: summary.data.remaining.total, target: summary.data.targets.total }
    : undefined;
  return (
    <>
      <SessionsStyles />
      <PanelStyles />
      <SessionHistoryPanel
        studentId={studentId}
        enabled={enabled}
        canCorrect={canCorrect}
        remaining={remaining}
        disabledNotice={<SubscriptionRequired studentId={studentId} />}
      />
    </>
  );
}
