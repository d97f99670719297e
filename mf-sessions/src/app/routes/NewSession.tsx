import { Link } from 'react-router-dom';
import { Card } from '@logbook/ui/Card';
import { ProgressBar } from '@logbook/ui/ProgressBar';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { FORM_STEPS } from '@logbook/contracts/constants';
import { PageFrame } from '../../lib/PageFrame';

export default function NewSession() {
  return (
    <PageFrame
      title="New Driving Session"
      actions={
        <Link to="/dashboard" className={buttonClass('outline', 'sm')}>
          Back to Dashboard
        </Link>
      }
    >
      <Card title={`Step ${FORM_STEPS.current} of ${FORM_STEPS.total}`}>
        <ProgressBar value={(FORM_STEPS.current / FORM_STEPS.total) * 100} label="Form progress" />
      </Card>
    </PageFrame>
  );
}
