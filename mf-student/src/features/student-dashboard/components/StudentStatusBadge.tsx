import { Badge } from '@logbook/ui/shared';
import { isActive } from '@logbook/contracts/view';

export interface StudentStatusBadgeProps {
  subscriptionStatus: string;
}

/** The student dashboard shows Active or Inactive: any status other than active reads Inactive. */
export function StudentStatusBadge({ subscriptionStatus }: StudentStatusBadgeProps) {
  const active = isActive(subscriptionStatus);
  return (
    <Badge variant={active ? 'success' : 'outline'} data-testid="subscription-badge">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
