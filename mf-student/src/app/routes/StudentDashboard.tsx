import { Card } from '@logbook/ui/Card';
import { PageFrame } from '../../lib/PageFrame';

export default function StudentDashboard() {
  return (
    <PageFrame title="Student Dashboard">
      <Card description="Your progress and logged driving sessions." />
    </PageFrame>
  );
}
