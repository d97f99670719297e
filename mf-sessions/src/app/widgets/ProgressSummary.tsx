import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ProgressSummaryCard } from '../../features/progress/components/ProgressSummaryCard';
import { PanelStyles } from '../../lib/PanelStyles';
import { SubscriptionRequired } from '../../lib/SubscriptionRequired';
import { useWidgetStudent } from '../../lib/useWidgetStudent';
import { progressSummaryAnswer } from '@logbook/contracts/view';
import { rememberFamilyState, sessionSummaryKey } from '../../lib/sessionKeys';
import { useStudentRead } from '../../lib/useStudentRead';

export interface ProgressSummaryProps {
  /** Defaults to the route's :studentId. */
  studentId?: number;
  /** False while a parent's student has no active subscription: nothing is requested. */
  enabled?: boolean;
}

// Loaded after the first paint: not part of the screen's first view (left out if it cannot be fetched).
const ReadinessChecklist = lazy<ComponentType<{ studentId: number }>>(() =>
  import('../../features/readiness/components/ReadinessChecklist').catch(() => ({
    default: (_: { studentId: number }) => null,
  })),
);

/** Shows its children only after the first paint, so their code is fetched once the screen is up. */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setPainted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Day, night and total hours against the account's targets, with the progress badge and the readiness checklist. */
export default function ProgressSummary({ studentId: given, enabled = true }: ProgressSummaryProps) {
  const studentId = useWidgetStudent(given);
  const { data, error } = useStudentRead(sessionSummaryKey, progressSummaryAnswer, studentId, enabled);
  const state = data?.state;
  // Kept on this device: the session form applies the state's rule offline, even if it never opened online.
  useEffect(() => {
    if (studentId && state) rememberFamilyState(studentId, state);
  }, [studentId, state]);
  return (
    <>
      <PanelStyles />
      <ProgressSummaryCard
        summary={data}
        error={error}
        notice={!enabled && studentId ? <SubscriptionRequired studentId={studentId} /> : undefined}
        extra={
          enabled && studentId && data ? (
            <AfterFirstPaint>
              <ReadinessChecklist studentId={studentId} />
            </AfterFirstPaint>
          ) : undefined
        }
      />
    </>
  );
}
