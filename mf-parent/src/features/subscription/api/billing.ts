import { apiFetch, apiRequest, readAnswer } from '@logbook/shell-context/shared';
import {
  type Answer,
  subscriptionViewAnswer,
  type SubscriptionView,
  billingConfigAnswer,
  createSubscriptionAnswer,
  type BillingConfig,
  type CreateSubscriptionResponse,
} from '@logbook/contracts/view';

export const fetchBillingConfig = (key: string): Promise<BillingConfig> => apiFetch(key, billingConfigAnswer);

/** The subscription details the billing service keeps. */
export const fetchSubscriptionDetails = (key: string): Promise<SubscriptionView> =>
  apiFetch(key, subscriptionViewAnswer);

async function postForStudent<T>(url: string, studentId: number, answer: Answer<T>): Promise<T> {
  return readAnswer(await apiRequest('POST', url, { studentId }), answer, url);
}

/** POST /api/create-subscription: the client secret the payment form confirms, and which kind of confirmation. */
export const createSubscription = (studentId: number): Promise<CreateSubscriptionResponse> =>
  postForStudent('/api/create-subscription', studentId, createSubscriptionAnswer);

/** POST /api/cancel-subscription: a running subscription is set to end with its period; anything else ends now. */
export const cancelSubscription = (studentId: number): Promise<SubscriptionView> =>
  postForStudent('/api/cancel-subscription', studentId, subscriptionViewAnswer);

/** POST /api/billing/resume: takes back a cancel at the end of the period. */
export const resumeSubscription = (studentId: number): Promise<SubscriptionView> =>
  postForStudent('/api/billing/resume', studentId, subscriptionViewAnswer);

/** POST /api/billing/card: a SetupIntent's secret; the card confirmed with it becomes the subscription's. */
export const startCardChange = (studentId: number): Promise<CreateSubscriptionResponse> =>
  postForStudent('/api/billing/card', studentId, createSubscriptionAnswer);

/** POST /api/billing/payment: the open invoice's secret, to pay what is owed or confirm what the bank holds (3-D Secure). */
export const fetchOwedPayment = (studentId: number): Promise<CreateSubscriptionResponse> =>
  postForStudent('/api/billing/payment', studentId, createSubscriptionAnswer);

/** The simulated provider's stand-in for the card form: confirms the subscription behind the client secret. */
export const confirmSimulatedPayment = (clientSecret: string) =>
  apiRequest('POST', '/api/billing/simulate/confirm', { clientSecret });
