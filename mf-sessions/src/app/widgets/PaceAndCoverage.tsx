import { useEffect } from 'react';
import { useParams, parseStudentId } from '@logbook/shell-context/shared';
import { PaceAndCoveragePanel } from '../../features/pace/components/PaceAndCoveragePanel';
import { useInsights } from '../../features/pace/hooks/useInsights';
import { SessionsStyles } from '../../lib/SessionsStyles';
import { PanelStyles } from '../../lib/PanelStyles';
import { startOutboxSync } from '../../lib/outbox/outboxRuntime';

export interface PaceAndCoverageProps {
  /** Defaults to the route's :studentId. */
  studentId?: number;
  /** False while a parent's student has no active subscription: nothing is requested or shown. */
  enabled?: boolean;
}

/** Hours per week over the last four weeks, the forecast at that pace, and the conditions not yet practised. */
export default function PaceAndCoverage({ studentId: given, enabled = true }: PaceAndCoverageProps) {
  const params = useParams();
  const studentId = given ?? parseStudentId(params.studentId) ?? undefined;
  useEffect(() => startOutboxSync(), []);
  const { data, error, mutate } = useInsights(studentId, enabled);
  if (!studentId || !enabled) return null;
  return (
    <>
      <SessionsStyles />
      <PanelStyles />
      <PaceAndCoveragePanel insights={data} error={error} onRetry={() => void mutate()} />
    </>
  );
}
