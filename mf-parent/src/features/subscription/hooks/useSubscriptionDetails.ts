import useSWR from 'swr';
import type { SubscriptionView } from '@logbook/contracts/view';
import { subscriptionKey } from '../../../lib/apiKeys';
import { fetchSubscriptionDetails } from '../api/billing';

/** GET /api/subscription/:studentId, asked again each time the screen opens. */
export function useSubscriptionDetails(studentId: number) {
  return useSWR<SubscriptionView>(subscriptionKey(studentId), fetchSubscriptionDetails, { revalidateOnMount: true });
}
