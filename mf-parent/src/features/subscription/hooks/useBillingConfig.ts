import useSWR from 'swr';
import type { BillingConfig } from '@logbook/contracts/view';
import { BILLING_CONFIG_KEY } from '../../../lib/apiKeys';
import { fetchBillingConfig } from '../api/billing';

/** Which payment provider the server uses ('stripe' or 'simulated') and Stripe's publishable key. */
export function useBillingConfig() {
  return useSWR<BillingConfig>(BILLING_CONFIG_KEY, fetchBillingConfig);
}
