import useSWR from 'swr';
import { subscriptionKey } from '../../../lib/apiKeys';
import { fetchSubscriptionDetails, type SubscriptionDetails } from '../api/billing';

/** GET /api/subscription/:studentId, asked once the student is loaded (the call needs the student's id). */
export function useSubscriptionDetails(studentId: number, enabled: boolean) {
  return useSWR<SubscriptionDetails>(enabled ? subscriptionKey(studentId) : null, fetchSubscriptionDetails, {
    revalidateOnMount: true,
  });
}
