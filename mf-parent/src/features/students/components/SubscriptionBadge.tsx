import { Badge, type BadgeVariant } from '@logbook/ui/Badge';
import { normaliseStatus, subscriptionBadgeLabel } from '@logbook/contracts/subscription';
import type { SubscriptionStatus } from '@logbook/contracts/constants';

const VARIANTS: Record<SubscriptionStatus, BadgeVariant> = {
  active: 'success',
  past_due: 'warning',
  incomplete: 'warning',
  canceled: 'destructive',
  inactive: 'outline',
};

/** The status in words (Active, Past Due, Canceled, Incomplete, Inactive) with a symbol, so colour is never the only cue. */
export function SubscriptionBadge({ status }: { status: unknown }) {
  const normalised = normaliseStatus(status);
  return (
    <Badge variant={VARIANTS[normalised]} data-testid="subscription-badge" data-status={normalised}>
      <span aria-hidden="true">{normalised === 'active' ? '●' : '○'}</span>
      {subscriptionBadgeLabel(status)}
    </Badge>
  );
}
