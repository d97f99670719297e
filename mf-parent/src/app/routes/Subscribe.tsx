import { useEffect } from 'react';
import { useNavigate, useParams, useStudent, parseStudentId, paths } from '@logbook/shell-context/shared';
import { Card, Spinner } from '@logbook/ui/shared';
import { PRICE_AUD, PRICE_CURRENCY } from '@logbook/contracts/view';
import { PlanBenefits } from '../../features/subscription/components/PlanBenefits';
import { SubscriptionManager } from '../../features/subscription/components/SubscriptionManager';
import { SubscriptionStudentSummary } from '../../features/subscription/components/SubscriptionStudentSummary';
import { useRequireParent } from '../../lib/useRequireParent';
import { BackLink } from '../components/BackLink';
import { StudentLoadFailed } from '../components/StudentLoadFailed';
import { ParentLayout } from '../components/ParentLayout';

/** /students/:studentId/subscribe: the free trial, payment, and managing an active subscription. */
export default function Subscribe() {
  const { studentId: rawId } = useParams();
  const studentId = parseStudentId(rawId);
  const navigate = useNavigate();

  useEffect(() => {
    if (studentId === null) navigate(paths.dashboard, { replace: true });
  }, [studentId, navigate]);

  const { user, checking } = useRequireParent();
  const { data: student, error, mutate } = useStudent(user ? studentId : null);

  if (studentId === null || checking || !user) return <Spinner label="Loading…" />;

  let body;
  if (error && !student) {
    body = <StudentLoadFailed error={error} onRetry={() => void mutate()} />;
  } else if (!student) {
    body = <Spinner label="Loading student…" />;
  } else {
    body = (
      <div className="pp-subscribe">
        <Card className="pp-subscribe__manage">
          <div className="pp-stack">
            <SubscriptionStudentSummary student={student} />
            <SubscriptionManager student={student} />
          </div>
        </Card>
        <Card className="pp-subscribe__plan" headingLevel={2} title="Learner Logbook subscription">
          <div className="pp-stack">
            <p className="pp-price">
              <span className="pp-price__amount">${PRICE_AUD.toFixed(2)}</span>
              <span className="pp-panel__muted"> {PRICE_CURRENCY} per month per student, incl. GST</span>
            </p>
            <PlanBenefits />
          </div>
        </Card>
      </div>
    );
  }

  return (
    <ParentLayout email={user.email} title="Subscription" actions={<BackLink />}>
      {body}
    </ParentLayout>
  );
}
