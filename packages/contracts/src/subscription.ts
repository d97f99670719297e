import { SUBSCRIPTION_STATUSES, type SubscriptionNextStep, type SubscriptionStatus } from './constants';

/** Any value outside the known statuses counts as inactive. */
export function normaliseStatus(value: unknown): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly unknown[]).includes(value) ? (value as SubscriptionStatus) : 'inactive';
}

const LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Past Due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  inactive: 'Inactive',
};

/** The badge text on a student card. */
export function subscriptionBadgeLabel(status: unknown): string {
  return LABELS[normaliseStatus(status)];
}

export const isActive = (status: unknown) => status === 'active';

const NEXT_STEP_LABELS: Record<SubscriptionNextStep, string> = {
  payment_needed: 'Payment needed',
  confirm_payment: 'Confirm your payment',
};

/** The badge text for what the parent must do next, or null when nothing is needed. */
export function nextStepLabel(step: unknown): string | null {
  return typeof step === 'string' && Object.hasOwn(NEXT_STEP_LABELS, step)
    ? NEXT_STEP_LABELS[step as SubscriptionNextStep]
    : null;
}
