import { Card } from '@logbook/ui/Card';
import { PageFrame } from '../../lib/PageFrame';

export default function StudentLogin() {
  return (
    <PageFrame title="Student Login">
      <Card description="Don't have login credentials? Ask your parent or guardian to create an account for you." />
    </PageFrame>
  );
}
