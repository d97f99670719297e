import { Link } from 'react-router-dom';
import { Card } from '@logbook/ui/Card';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { PageFrame } from '../../lib/PageFrame';

export default function Subscribe() {
  return (
    <PageFrame title="Subscribe">
      <Card title="First Month FREE!" description="$0.99 AUD per month per student after a 30-day free trial.">
        <Link to="/dashboard" className={buttonClass('outline')}>
          Back to Dashboard
        </Link>
      </Card>
    </PageFrame>
  );
}
