import type { SubscriptionNextStep, SubscriptionStatus } from '@logbook/contracts/constants';

/** Pauses Stripe makes after a payment failed: the open invoice is still owed and can be paid to resume. */
export const isPaymentPause = (cause: string | null | undefined) =>
  cause === 'first_payment_failure' || cause === 'final_payment_failure';

/**
 * The student's subscription status (what svc-logbook lets log) for a provider status:
 * - a trial counts as active only once a card is saved; without one it is still waiting on the parent (incomplete);
 * - past_due is a grace period: Stripe is still retrying the renewal (or waits for the bank's authentication), so
 *   logging goes on until Stripe gives up (unpaid, canceled, or paused after the final failure);
 * - unpaid and a pause after a failed payment are owed (past_due: no logging until paid); a trial paused with no card
 *   waits like an incomplete one.
 */
export function studentStatusFor(
  providerStatus: string,
  paymentMethodSaved: boolean,
  pauseCause?: string | null,
): SubscriptionStatus {
  switch (providerStatus) {
    case 'active':
    case 'past_due':
      return 'active';
    case 'trialing':
      return paymentMethodSaved ? 'active' : 'incomplete';
    case 'unpaid':
      return 'past_due';
    case 'paused':
      return isPaymentPause(pauseCause) ? 'past_due' : 'incomplete';
    case 'canceled':
      return 'canceled';
    case 'incomplete':
      return 'incomplete';
    default:
      // incomplete_expired (never started) and anything new.
      return 'inactive';
  }
}

let graceDays = 14;
/** How many days past a period's start a failed renewal keeps logging open (BILLING_GRACE_DAYS). */
export const setGraceDays = (days: number) => {
  graceDays = days;
};

/**
 * When logging stops waiting for a past-due subscription's payment: its period's start (the renewal's first try) and
 * the grace days, for Stripe may leave it past due for months. Null when it is not past due.
 */
export const graceEnd = (providerStatus: string, periodStart: number | null) =>
  providerStatus === 'past_due' && periodStart !== null ? new Date((periodStart + graceDays * 86_400) * 1000) : null;

/**
 * Provider statuses of a subscription that still exists at the provider: it blocks a second one for the student and
 * is canceled there when the family or the student goes.
 */
const LIVE_PROVIDER_STATUSES = ['trialing', 'active', 'past_due', 'incomplete', 'paused', 'unpaid'] as const;

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
