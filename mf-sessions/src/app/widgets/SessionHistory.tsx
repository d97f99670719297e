import { SessionHistoryPanel } from '../../features/session-history/components/SessionHistoryPanel';
import { PanelStyles } from '../../lib/PanelStyles';
import { useWidgetStudent } from '../../lib/useWidgetStudent';
import { progressSummaryAnswer } from '@logbook/contracts/view';
import { sessionSummaryKey } from '../../lib/sessionKeys';
import { useStudentRead } from '../../lib/useStudentRead';

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
  const studentId = useWidgetStudent(given);
  const summary = useStudentRead(sessionSummaryKey, progressSummaryAnswer, studentId, enabled);
  if (!studentId) return null;
  const remaining = summary.data
    ? { hours: summary.data.remaining.total, target: summary.data.targets.total }
    : undefined;
  return (
    <>
      <PanelStyles />
      <SessionHistoryPanel studentId={studentId} enabled={enabled} canCorrect={canCorrect} remaining={remaining} />
    </>
  );
}
