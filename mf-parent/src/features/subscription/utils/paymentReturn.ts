/** What Stripe adds to the return URL after a bank's own page (3-D Secure and redirect-based methods). */
const PAYMENT_RETURN_PARAMS = [
  'redirect_status',
  'payment_intent',
  'payment_intent_client_secret',
  'setup_intent',
  'setup_intent_client_secret',
] as const;

export type PaymentReturnStatus = 'succeeded' | 'processing' | 'failed';

/**
 * The outcome Stripe reports in `redirect_status` on return: succeeded, processing (the bank confirms later), or
 * anything else (e.g. requires_payment_method: the payment did not go through). Null when this is no such return.
 */
export function readPaymentReturn(search: string): PaymentReturnStatus | null {
  const status = new URLSearchParams(search).get('redirect_status');
  if (!status) return null;
  if (status === 'succeeded' || status === 'processing') return status;
  return 'failed';
}

/** The same query without Stripe's return parameters, so a reload does not report the payment again. */
export function withoutPaymentReturn(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of PAYMENT_RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
