import { Link } from 'react-router-dom';
import { Card } from '@logbook/ui/Card';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { DEFAULT_DAY_TARGET_HOURS, DEFAULT_NIGHT_TARGET_HOURS } from '@logbook/contracts/constants';
import { PageFrame } from '../../lib/PageFrame';

export default function AdminSettings() {
  return (
    <PageFrame title="Administrator Settings" actions={<Link to="/">Back to Home</Link>}>
      <Card
        title="Current Requirements"
        description={`Daytime ${DEFAULT_DAY_TARGET_HOURS} hours, nighttime ${DEFAULT_NIGHT_TARGET_HOURS} hours.`}
      >
        <Link to="/dashboard" className={buttonClass('outline')}>
          Back to Dashboard
        </Link>
      </Card>
    </PageFrame>
  );
}
