import { apiFetch, apiRequest, readAnswer } from '@logbook/shell-context/apiClient';
import { subscriptionViewSchema, type SubscriptionView } from '@logbook/contracts/responses';
import {
  billingConfigSchema,
  createSubscriptionResponseSchema,
  type BillingConfig,
  type CreateSubscriptionResponse,
} from '@logbook/contracts/schemas';

export async function fetchBillingConfig(key: string): Promise<BillingConfig> {
  return apiFetch(key, billingConfigSchema);
}

/** POST /api/create-subscription: the client secret the payment form confirms, and which kind of confirmation. */
export async function createSubscription(studentId: number): Promise<CreateSubscriptionResponse> {
  const url = '/api/create-subscription';
  return readAnswer(await apiRequest('POST', url, { studentId }), createSubscriptionResponseSchema, url);
}

export const cancelSubscription = (studentId: number) => apiRequest('POST', '/api/cancel-subscription', { studentId });

/** POST /api/billing/payment: the open invoice's secret, to pay what is owed or confirm what the bank holds (3-D Secure). */
export async function fetchOwedPayment(studentId: number): Promise<CreateSubscriptionResponse> {
  const url = '/api/billing/payment';
  return readAnswer(await apiRequest('POST', url, { studentId }), createSubscriptionResponseSchema, url);
}

/** The simulated provider's stand-in for the card form: confirms the subscription behind the client secret. */
export const confirmSimulatedPayment = (clientSecret: string) =>
  apiRequest('POST', '/api/billing/simulate/confirm', { clientSecret });

/** The subscription details the billing service keeps. */
export type SubscriptionDetails = SubscriptionView;

export async function fetchSubscriptionDetails(key: string): Promise<SubscriptionDetails> {
  return apiFetch(key, subscriptionViewSchema);
}
