import { useParams } from 'react-router-dom';
import { Card } from '@logbook/ui/Card';
import { PageFrame } from '../../lib/PageFrame';

export default function StudentNewSession() {
  const { studentId } = useParams();
  return (
    <PageFrame title="New Driving Session">
      <Card description={studentId ? `Student ${studentId}` : 'Student from your login'} />
    </PageFrame>
  );
}
