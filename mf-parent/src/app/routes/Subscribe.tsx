import { useEffect } from 'react';
import { Link, useNavigate, useParams } from '@logbook/shell-context/routing';
import { Button } from '@logbook/ui/Button';
import { Card } from '@logbook/ui/Card';
import { Spinner } from '@logbook/ui/Spinner';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { PRICE_AUD, PRICE_CURRENCY } from '@logbook/contracts/constants';
import { useStudent } from '@logbook/shell-context/students';
import { parseStudentId } from '@logbook/shell-context/studentId';
import { PlanBenefits } from '../../features/subscription/components/PlanBenefits';
import { SubscriptionManager } from '../../features/subscription/components/SubscriptionManager';
import { SubscriptionStudentSummary } from '../../features/subscription/components/SubscriptionStudentSummary';
import { TrialBanner } from '../../features/subscription/components/TrialBanner';
import { isNotFound } from '../../lib/errors';
import { PageFrame } from '@logbook/ui/PageFrame';
import { paths } from '@logbook/shell-context/routes';
import { useRequireParent } from '../../lib/useRequireParent';
import { CenteredMessage } from '../components/CenteredMessage';
import { ParentLayout } from '../components/ParentLayout';

const backLink = (
  <Link to={paths.dashboard} className={buttonClass('outline', 'sm')}>
    Back to Dashboard
  </Link>
);

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
    body = isNotFound(error) ? (
      <CenteredMessage title="Student not found" variant="warning" action={backLink}>
        This student does not exist or is not on your account.
      </CenteredMessage>
    ) : (
      <CenteredMessage
        title="The student could not be loaded"
        action={
          <Button variant="outline" size="sm" onClick={() => mutate()}>
            Try again
          </Button>
        }
      >
        Check your connection and try again.
      </CenteredMessage>
    );
  } else if (!student) {
    body = <Spinner label="Loading student…" />;
  } else {
    body = (
      <div className="pp-subscribe">
        <Card className="pp-subscribe__manage">
          <div className="pp-stack">
            <SubscriptionStudentSummary student={student} />
            <TrialBanner studentId={student.id} />
            <SubscriptionManager student={student} />
          </div>
        </Card>
        <Card className="pp-subscribe__plan" headingLevel={2} title="Learner Logbook subscription">
          <div className="pp-stack">
            <p className="pp-price">
              <span className="pp-price__amount">${PRICE_AUD.toFixed(2)}</span>
              <span className="pp-panel__muted"> {PRICE_CURRENCY} per month per student</span>
            </p>
            <PlanBenefits />
          </div>
        </Card>
      </div>
    );
  }

  return (
    <ParentLayout email={user.email}>
      <PageFrame title="Subscription" actions={backLink}>
        {body}
      </PageFrame>
    </ParentLayout>
  );
}
