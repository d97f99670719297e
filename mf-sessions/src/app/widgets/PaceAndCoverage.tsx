import { PaceAndCoveragePanel } from '../../features/pace/components/PaceAndCoveragePanel';
import { insightsViewAnswer } from '@logbook/contracts/view';
import { PanelStyles } from '../../lib/PanelStyles';
import { sessionInsightsKey } from '../../lib/sessionKeys';
import { useStudentRead } from '../../lib/useStudentRead';
import { useWidgetStudent } from '../../lib/useWidgetStudent';

export interface PaceAndCoverageProps {
  /** Defaults to the route's :studentId. */
  studentId?: number;
  /** False while a parent's student has no active subscription: nothing is requested or shown. */
  enabled?: boolean;
}

/** Hours per week over the last four weeks, the forecast at that pace, and the conditions not yet practised. */
export default function PaceAndCoverage({ studentId: given, enabled = true }: PaceAndCoverageProps) {
  const studentId = useWidgetStudent(given);
  const { data, error, mutate } = useStudentRead(sessionInsightsKey, insightsViewAnswer, studentId, enabled);
  if (!studentId || !enabled) return null;
  return (
    <>
      <PanelStyles />
      <PaceAndCoveragePanel insights={data} error={error} onRetry={() => void mutate()} />
    </>
  );
}
