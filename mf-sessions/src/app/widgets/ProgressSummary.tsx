import { Card } from '@logbook/ui/Card';

export default function ProgressSummary() {
  return <Card title="Progress Summary" headingLevel={2} description="Day and night hours towards the target." />;
}
