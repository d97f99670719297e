import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { PageFrame } from '../../lib/PageFrame';
import ProgressSummary from '../widgets/ProgressSummary';
import SessionHistory from '../widgets/SessionHistory';

export default function StudentSessions() {
  const { studentId } = useParams();
  return (
    <PageFrame
      title="Driving Sessions"
      actions={
        <Link to={`/students/${studentId}/new-session`} className={buttonClass('primary', 'sm')}>
          New Session
        </Link>
      }
    >
      <div className="ll-grid ll-grid--2">
        <ProgressSummary />
        <SessionHistory />
      </div>
    </PageFrame>
  );
}
