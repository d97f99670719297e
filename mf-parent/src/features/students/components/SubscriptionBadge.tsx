import useSWR from 'swr';
import { Badge, type BadgeVariant } from '@logbook/ui/shared';
import {
  nextStepLabel,
  normaliseStatus,
  subscriptionBadgeLabel,
  subscriptionViewAnswer,
  type SubscriptionView,
} from '@logbook/contracts/view';
import type { SubscriptionStatus } from '@logbook/contracts/view';
import { apiFetch } from '@logbook/shell-context/shared';
import { subscriptionKey } from '../../../lib/apiKeys';

const fetchSubscriptionView = (key: string) => apiFetch(key, subscriptionViewAnswer);

const VARIANTS: Record<SubscriptionStatus, BadgeVariant> = {
  active: 'success',
  past_due: 'warning',
  incomplete: 'warning',
  canceled: 'destructive',
  inactive: 'outline',
};

/** Statuses of a subscription that may still be owed: only then is billing asked what the parent must do. */
const MAY_OWE = new Set<SubscriptionStatus>(['past_due', 'incomplete']);

export interface SubscriptionBadgeProps {
  status: unknown;
  /** With the student's id, a subscription that is owed also shows what to do ("Payment needed", "Confirm your payment"). */
  studentId?: number;
  /** What the parent must do, when the caller already knows it. */
  nextStep?: unknown;
}

/**
 * The status in words (Active, Past Due, Canceled, Incomplete, Inactive) with a symbol, so colour is never the only cue;
 * then, for a subscription that still exists but is owed, what the parent must do.
 */
export function SubscriptionBadge({ status, studentId, nextStep }: SubscriptionBadgeProps) {
  const normalised = normaliseStatus(status);
  const ask = studentId !== undefined && nextStep === undefined && MAY_OWE.has(normalised);
  const { data } = useSWR<SubscriptionView>(ask ? subscriptionKey(studentId) : null, fetchSubscriptionView);
  const step = nextStepLabel(nextStep ?? data?.nextStep);
  return (
    <>
      <Badge variant={VARIANTS[normalised]} data-testid="subscription-badge" data-status={normalised}>
        <span aria-hidden="true">{normalised === 'active' ? '●' : '○'}</span>
        {subscriptionBadgeLabel(status)}
      </Badge>
      {step ? (
        <Badge variant="warning" data-testid="subscription-next-step">
          <span aria-hidden="true">!</span>
          {step}
        </Badge>
      ) : null}
    </>
  );
}
