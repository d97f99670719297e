import { Link, useParams } from 'react-router-dom';
import { Card } from '@logbook/ui/Card';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { PageFrame } from '../../lib/PageFrame';

export default function StudentForm() {
  const { id } = useParams();
  const editing = id !== undefined;
  return (
    <PageFrame title={editing ? 'Edit Student' : 'Add Student'}>
      <Card title="Student details" description="First name, last name, date of birth and an optional license number.">
        <Link to="/dashboard" className={buttonClass('outline')}>
          Cancel
        </Link>
      </Card>
    </PageFrame>
  );
}
