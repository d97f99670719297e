import type { SubscriptionStatus } from '@logbook/contracts/constants';

/**
 * The student's subscription status for a provider subscription status. A trial counts as active only once a payment
 * method is saved: a trial with no card is still waiting on the parent, so it is incomplete.
 */
export function studentStatusFor(providerStatus: string, paymentMethodSaved: boolean): SubscriptionStatus {
  switch (providerStatus) {
    case 'active':
      return 'active';
    case 'trialing':
      return paymentMethodSaved ? 'active' : 'incomplete';
    case 'past_due':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    case 'incomplete':
      return 'incomplete';
    default:
      // incomplete_expired (never started), unpaid, paused and anything new.
      return 'inactive';
  }
}

/** Statuses after which the provider subscription is over and a new one may be started. */
export const isEnded = (status: SubscriptionStatus) => status === 'canceled' || status === 'inactive';

/** Whole seconds, as provider event timestamps are, so an event in the same second still counts as current. */
export const toEventTime = (seconds: number) => new Date(seconds * 1000);
export const eventTimeNow = () => toEventTime(Math.floor(Date.now() / 1000));
