import { lazy, Suspense } from 'react';
import { Alert } from '@logbook/ui/Alert';
import { Button } from '@logbook/ui/Button';
import { PRICE_AUD } from '@logbook/contracts/constants';
import { TOASTS } from '@logbook/contracts/messages';
import type { CreateSubscriptionResponse } from '@logbook/contracts/schemas';
import { useBillingConfig } from '../hooks/useBillingConfig';
import { SimulatedPaymentForm } from './SimulatedPaymentForm';

// Stripe's libraries download only for families paying through Stripe.
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

const SUBMIT_LABEL = `Subscribe for $${PRICE_AUD.toFixed(2)}/month`;

export interface PaymentStepProps {
  subscription: CreateSubscriptionResponse;
  onSuccess: () => void;
}

/** The card form of whichever provider the server uses. */
export function PaymentStep({ subscription, onSuccess }: PaymentStepProps) {
  const { data: config, error, mutate } = useBillingConfig(true);
  const loading = (
    <p className="pp-panel__muted" role="status">
      Loading the payment form…
    </p>
  );

  if (error && !config) {
    return (
      <Alert
        variant="destructive"
        title="Payment form unavailable"
        action={
          <Button variant="outline" size="sm" onClick={() => mutate()}>
            Try again
          </Button>
        }
      >
        {TOASTS.stripeLoadFailed}
      </Alert>
    );
  }
  if (!config) return loading;
  if (config.provider === 'simulated') {
    return (
      <SimulatedPaymentForm clientSecret={subscription.clientSecret} submitLabel={SUBMIT_LABEL} onSuccess={onSuccess} />
    );
  }
  if (!config.publishableKey) {
    return (
      <Alert variant="destructive" title="Payment form unavailable">
        {TOASTS.stripeLoadFailed}
      </Alert>
    );
  }
  return (
    <Suspense fallback={loading}>
      <StripePaymentForm
        publishableKey={config.publishableKey}
        clientSecret={subscription.clientSecret}
        type={subscription.type}
        submitLabel={SUBMIT_LABEL}
        onSuccess={onSuccess}
      />
    </Suspense>
  );
}
