import { Card } from '@logbook/ui/Card';

export default function SessionHistory() {
  return <Card title="Session History" headingLevel={2} description="Logged sessions, newest first." />;
}
