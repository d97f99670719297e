import { apiRequest } from '@logbook/shell-context/apiClient';
import { fetcher } from '@logbook/shell-context/swrConfig';
import {
  billingConfigSchema,
  createSubscriptionResponseSchema,
  type BillingConfig,
  type CreateSubscriptionResponse,
} from '@logbook/contracts/schemas';

export async function fetchBillingConfig(key: string): Promise<BillingConfig> {
  return billingConfigSchema.parse(await fetcher(key));
}

/** POST /api/create-subscription: the client secret the payment form confirms, and which kind of confirmation. */
export async function createSubscription(studentId: number): Promise<CreateSubscriptionResponse> {
  const res = await apiRequest('POST', '/api/create-subscription', { studentId });
  return createSubscriptionResponseSchema.parse(await res.json());
}

export const cancelSubscription = (studentId: number) => apiRequest('POST', '/api/cancel-subscription', { studentId });

/** The simulated provider's stand-in for the card form: confirms the subscription behind the client secret. */
export const confirmSimulatedPayment = (clientSecret: string) =>
  apiRequest('POST', '/api/billing/simulate/confirm', { clientSecret });

/** The subscription details the billing service keeps (dates may be ISO text or Unix seconds). */
export interface SubscriptionDetails {
  status?: string;
  trialEnd?: string | number | null;
  currentPeriodEnd?: string | number | null;
  cancelAtPeriodEnd?: boolean;
  /** False once the student has had the free month; a subscription then starts paid from today. */
  trialAvailable?: boolean;
}

export async function fetchSubscriptionDetails(key: string): Promise<SubscriptionDetails> {
  const body = (await fetcher(key)) as unknown;
  return body && typeof body === 'object' ? (body as SubscriptionDetails) : {};
}
