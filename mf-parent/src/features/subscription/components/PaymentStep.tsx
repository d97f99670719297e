import { lazy, Suspense } from 'react';
import useSWR from 'swr';
import { PRICE_AUD } from '@logbook/contracts/view';
import type { CreateSubscriptionResponse } from '@logbook/contracts/view';
import { paths } from '@logbook/shell-context/shared';
import { BILLING_CONFIG_KEY } from '../../../lib/apiKeys';
import { fetchBillingConfig } from '../api/billing';
import { PaymentFormUnavailable } from './PaymentFormUnavailable';
import { SimulatedPaymentForm } from './SimulatedPaymentForm';

// Stripe's libraries download only for families paying through Stripe.
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));
const StripeAuthenticate = lazy(() => import('./StripeAuthenticate'));

const SUBMIT_LABEL = `Subscribe for $${PRICE_AUD.toFixed(2)}/month`;

/** What the card form reports: paid or saved, or still processing at the bank. */
type PaymentOutcome = 'succeeded' | 'processing';

export interface PaymentStepProps {
  /** Something to confirm: a setup or a payment with its client secret. */
  subscription: CreateSubscriptionResponse & { clientSecret: string; type: 'setup' | 'payment' };
  onSuccess: (outcome: PaymentOutcome) => void;
  studentId: number;
  submitLabel?: string;
  /** The payment waits for the card holder's bank (3-D Secure): offer the bank's check first. */
  authenticate?: boolean;
}

/** The card form of whichever provider the server uses. */
export function PaymentStep({
  subscription,
  onSuccess,
  studentId,
  submitLabel = SUBMIT_LABEL,
  authenticate = false,
}: PaymentStepProps) {
  // Which payment provider the server uses ('stripe' or 'simulated') and Stripe's publishable key.
  const { data: config, error, mutate } = useSWR(BILLING_CONFIG_KEY, fetchBillingConfig);
  const loading = (
    <p className="pp-panel__muted" role="status">
      Loading the payment form…
    </p>
  );

  if (error && !config) return <PaymentFormUnavailable onRetry={() => void mutate()} />;
  if (!config) return loading;
  if (config.provider === 'simulated') {
    return (
      <SimulatedPaymentForm
        clientSecret={subscription.clientSecret}
        submitLabel={submitLabel}
        onSuccess={() => onSuccess('succeeded')}
      />
    );
  }
  if (!config.publishableKey) return <PaymentFormUnavailable />;
  return (
    <Suspense fallback={loading}>
      {authenticate && subscription.type === 'payment' ? (
        <StripeAuthenticate
          publishableKey={config.publishableKey}
          clientSecret={subscription.clientSecret}
          onSuccess={onSuccess}
        />
      ) : null}
      <StripePaymentForm
        publishableKey={config.publishableKey}
        clientSecret={subscription.clientSecret}
        type={subscription.type}
        submitLabel={submitLabel}
        returnPath={paths.subscribe(studentId)}
        onSuccess={onSuccess}
      />
    </Suspense>
  );
}
