import { useSubscriptionDetails } from './useSubscriptionDetails';

/**
 * Whether this student can still have the free month, as the billing service says. Until it answers the free month
 * is offered; the service decides either way when the subscription starts.
 */
export function useTrialAvailable(studentId: number): boolean {
  return useSubscriptionDetails(studentId).data?.trialAvailable !== false;
}
