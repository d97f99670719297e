import { apiFetch, apiRequest, readAnswer } from '@logbook/shell-context/shared';
import {
  subscriptionViewAnswer,
  type SubscriptionView,
  billingConfigAnswer,
  createSubscriptionAnswer,
  type BillingConfig,
  type CreateSubscriptionResponse,
} from '@logbook/contracts/view';

export async function fetchBillingConfig(key: string): Promise<BillingConfig> {
  return apiFetch(key, billingConfigAnswer);
}

/** POST /api/create-subscription: the client secret the payment form confirms, and which kind of confirmation. */
export async function createSubscription(studentId: number): Promise<CreateSubscriptionResponse> {
  const url = '/api/create-subscription';
  return readAnswer(await apiRequest('POST', url, { studentId }), createSubscriptionAnswer, url);
}

/** POST /api/cancel-subscription: a running subscription is set to end with its period; anything else ends now. */
export async function cancelSubscription(studentId: number): Promise<SubscriptionView> {
  const url = '/api/cancel-subscription';
  return readAnswer(await apiRequest('POST', url, { studentId }), subscriptionViewAnswer, url);
}

/** POST /api/billing/resume: takes back a cancel at the end of the period. */
export async function resumeSubscription(studentId: number): Promise<SubscriptionView> {
  const url = '/api/billing/resume';
  return readAnswer(await apiRequest('POST', url, { studentId }), subscriptionViewAnswer, url);
}

/** POST /api/billing/card: a SetupIntent's secret; the card confirmed with it becomes the subscription's. */
export async function startCardChange(studentId: number): Promise<CreateSubscriptionResponse> {
  const url = '/api/billing/card';
  return readAnswer(await apiRequest('POST', url, { studentId }), createSubscriptionAnswer, url);
}

/** POST /api/billing/payment: the open invoice's secret, to pay what is owed or confirm what the bank holds (3-D Secure). */
export async function fetchOwedPayment(studentId: number): Promise<CreateSubscriptionResponse> {
  const url = '/api/billing/payment';
  return readAnswer(await apiRequest('POST', url, { studentId }), createSubscriptionAnswer, url);
}

/** The simulated provider's stand-in for the card form: confirms the subscription behind the client secret. */
export const confirmSimulatedPayment = (clientSecret: string) =>
  apiRequest('POST', '/api/billing/simulate/confirm', { clientSecret });

/** The subscription details the billing service keeps. */
export type SubscriptionDetails = SubscriptionView;

export async function fetchSubscriptionDetails(key: string): Promise<SubscriptionDetails> {
  return apiFetch(key, subscriptionViewAnswer);
}
