import type { SubscriptionNextStep, SubscriptionStatus } from '@logbook/contracts/constants';

/**
 * The student's subscription status for a provider subscription status. A trial counts as active only once a payment
 * method is saved: a trial with no card is still waiting on the parent, so it is incomplete. Stripe's paused (a trial
 * that ended without a card) and unpaid (every retry failed) still exist at Stripe and are not ended: a paused one
 * waits for a card like an incomplete one, an unpaid one is owed like a past-due one.
 */
export function studentStatusFor(providerStatus: string, paymentMethodSaved: boolean): SubscriptionStatus {
  switch (providerStatus) {
    case 'active':
      return 'active';
    case 'trialing':
      return paymentMethodSaved ? 'active' : 'incomplete';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    case 'incomplete':
    case 'paused':
      return 'incomplete';
    default:
      // incomplete_expired (never started) and anything new.
      return 'inactive';
  }
}

/**
 * Provider statuses of a subscription that still exists at the provider: it blocks a second one for the student and
 * is canceled there when the family or the student goes.
 */
export const LIVE_PROVIDER_STATUSES = ['trialing', 'active', 'past_due', 'incomplete', 'paused', 'unpaid'] as const;

/** Whether a provider subscription in this status still exists there (could still charge, or be resumed). */
export const isLiveAtProvider = (providerStatus: string | null | undefined) =>
  (LIVE_PROVIDER_STATUSES as readonly string[]).includes(providerStatus ?? '');

/** Statuses after which the provider subscription is over and a new one may be started. */
export const isEnded = (status: SubscriptionStatus) => status === 'canceled' || status === 'inactive';

/** Whether a student's subscription, as billing keeps it, is over (its provider status decides when known). */
export function studentSubscriptionEnded(student: { subscriptionStatus?: string; providerStatus?: string | null }) {
  if (student.providerStatus) return !isLiveAtProvider(student.providerStatus);
  return student.subscriptionStatus === 'canceled' || student.subscriptionStatus === 'inactive';
}

/** What the parent must do, from the provider's status and whether a payment waits for authentication. */
export function nextStepFor(
  providerStatus: string | null | undefined,
  paymentActionRequired: boolean | null | undefined,
): SubscriptionNextStep | null {
  if (!isLiveAtProvider(providerStatus)) return null;
  if (paymentActionRequired) return 'confirm_payment';
  if (providerStatus === 'past_due' || providerStatus === 'unpaid' || providerStatus === 'paused')
    return 'payment_needed';
  return null;
}

/** Whole seconds, as provider event timestamps are, so an event in the same second still counts as current. */
export const toEventTime = (seconds: number) => new Date(seconds * 1000);
export const eventTimeNow = () => toEventTime(Math.floor(Date.now() / 1000));
