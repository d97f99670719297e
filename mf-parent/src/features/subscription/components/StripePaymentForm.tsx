import { useEffect, useState } from 'react';
import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { toast } from '@logbook/shell-context/shared';
import { TOASTS } from '@logbook/contracts/view';
import { loadStripeWithTimeout } from '../utils/loadStripeWithTimeout';
import { PaymentFormUnavailable } from './PaymentFormUnavailable';
import { StripeConfirmForm } from './StripeConfirmForm';

export interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  type: 'setup' | 'payment';
  submitLabel: string;
  /** Where Stripe sends the browser back after a bank's page (3-D Secure): read there by PaymentReturnNotice. */
  returnPath?: string;
  onSuccess: (outcome: 'succeeded' | 'processing') => void;
}

/** Loads Stripe.js only now, with a time-out, and says so plainly when it cannot. */
export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  type,
  submitLabel,
  returnPath,
  onSuccess,
}: StripePaymentFormProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setFailed(false);
    loadStripeWithTimeout(publishableKey)
      .then((loaded) => current && setStripe(loaded))
      .catch(() => {
        if (!current) return;
        setFailed(true);
        toast({ title: TOASTS.error, description: TOASTS.stripeLoadFailed, variant: 'destructive' });
      });
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);

  if (failed) return <PaymentFormUnavailable onRetry={() => setAttempt((n) => n + 1)} />;
  if (!stripe) {
    return (
      <p className="pp-panel__muted" role="status">
        Loading the secure payment form…
      </p>
    );
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <StripeConfirmForm type={type} submitLabel={submitLabel} returnPath={returnPath} onSuccess={onSuccess} />
    </Elements>
  );
}
