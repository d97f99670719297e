import { useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { Button } from '@logbook/ui/shared';
import { toast } from '@logbook/shell-context/shared';
import { PAYMENT_TEXT, TOASTS } from '@logbook/contracts/view';
import { loadStripeWithTimeout } from '../utils/loadStripeWithTimeout';

export interface StripeAuthenticateProps {
  publishableKey: string;
  /** The open invoice's PaymentIntent secret; the intent waits in requires_action. */
  clientSecret: string;
  onSuccess: (outcome: 'succeeded' | 'processing') => void;
  /** Loads Stripe.js (the default loads it from Stripe, with a time-out). */
  load?: (publishableKey: string) => Promise<Stripe>;
}

/**
 * A payment the bank holds for the card holder (3-D Secure): Stripe.js's handleNextAction shows the bank's own check
 * for the card already on the subscription. Should the bank refuse, the card form below pays with another card.
 */
export default function StripeAuthenticate({
  publishableKey,
  clientSecret,
  onSuccess,
  load = loadStripeWithTimeout,
}: StripeAuthenticateProps) {
  const [pending, setPending] = useState(false);

  const authenticate = async () => {
    setPending(true);
    try {
      const stripe = await load(publishableKey);
      const result = await stripe.handleNextAction({ clientSecret });
      if (result.error) {
        toast({ title: TOASTS.paymentFailed, description: result.error.message, variant: 'destructive' });
        return;
      }
      const status = result.paymentIntent?.status;
      if (status === 'succeeded' || status === 'processing') {
        onSuccess(status);
        return;
      }
      toast({ title: PAYMENT_TEXT.failedTitle, description: PAYMENT_TEXT.failed, variant: 'destructive' });
    } catch {
      toast({ title: TOASTS.error, description: TOASTS.stripeLoadFailed, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="pp-stack" data-testid="authenticate-payment">
      <Button size="lg" className="ll-btn--block" onClick={authenticate} pending={pending}>
        {PAYMENT_TEXT.authenticate}
      </Button>
      <p className="pp-panel__muted pp-center">{PAYMENT_TEXT.orAnotherCard}</p>
    </div>
  );
}
