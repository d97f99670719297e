import { useEffect } from 'react';
import { useParams } from '@logbook/shell-context/routing';
import { ProgressSummaryCard } from '../../features/progress/components/ProgressSummaryCard';
import { SessionsStyles } from '../../lib/SessionsStyles';
import { SubscriptionRequired } from '../../lib/SubscriptionRequired';
import { startOutboxSync } from '../../lib/outbox/outboxRuntime';
import { parseStudentId } from '@logbook/shell-context/studentId';
import { useSessionSummary } from '../../lib/useSessionSummary';

export interface ProgressSummaryProps {
  /** Defaults to the route's :studentId. */
  studentId?: number;
  /** False while a parent's student has no active subscription: nothing is requested. */
  enabled?: boolean;
}

/** Day, night and total hours against the account's targets, with the progress badge. */
export default function ProgressSummary({ studentId: given, enabled = true }: ProgressSummaryProps) {
  const params = useParams();
  const studentId = given ?? parseStudentId(params.studentId) ?? undefined;
  useEffect(() => startOutboxSync(), []);
  const { data, error } = useSessionSummary(studentId, enabled);
  return (
    <>
      <SessionsStyles />
      <ProgressSummaryCard
        summary={data}
        error={error}
        notice={!enabled && studentId ? <SubscriptionRequired studentId={studentId} /> : undefined}
      />
    </>
  );
}
