import { useSubscriptionDetails } from './useSubscriptionDetails';

/**
 * Whether this student can still have the free month, as the billing service says. Until it answers (or when an
 * older service does not say) the free month is offered; the service decides either way when the subscription starts.
 */
export function useTrialAvailable(studentId: number): boolean {
  const { data } = useSubscriptionDetails(studentId, true);
  return data?.trialAvailable !== false;
}
