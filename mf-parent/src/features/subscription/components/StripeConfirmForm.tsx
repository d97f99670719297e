import { useState, type FormEvent } from 'react';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '@logbook/ui/shared';
import { toast, paths } from '@logbook/shell-context/shared';
import { TOASTS } from '@logbook/contracts/view';

export interface StripeConfirmFormProps {
  type: 'setup' | 'payment';
  submitLabel: string;
  /** The page Stripe returns to after a bank's own page; it reads `redirect_status`. */
  returnPath?: string;
  onSuccess: (outcome: 'succeeded' | 'processing') => void;
}

/** Stripe's Payment Element; a trial saves the card (confirmSetup), otherwise the first invoice is paid (confirmPayment). */
export function StripeConfirmForm({
  type,
  submitLabel,
  returnPath = paths.dashboard,
  onSuccess,
}: StripeConfirmFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    try {
      const submitted = await elements.submit();
      if (submitted.error) {
        toast({ title: TOASTS.paymentFailed, description: submitted.error.message, variant: 'destructive' });
        return;
      }
      const confirmParams = { return_url: `${window.location.origin}${returnPath}` };
      const result =
        type === 'setup'
          ? await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' })
          : await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
      if (result.error) {
        toast({ title: TOASTS.paymentFailed, description: result.error.message, variant: 'destructive' });
        return;
      }
      // Without a redirect the answer is here: a bank may still be processing it (some payment methods take days).
      const status = 'setupIntent' in result ? result.setupIntent?.status : result.paymentIntent?.status;
      onSuccess(status === 'processing' ? 'processing' : 'succeeded');
    } catch {
      toast({ title: TOASTS.error, description: TOASTS.paymentUnexpected, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="ll-form pp-card-form" onSubmit={submit} aria-label="Card details">
      <PaymentElement />
      <Button type="submit" size="lg" pending={pending} disabled={!stripe || !elements} className="ll-btn--block">
        {submitLabel}
      </Button>
    </form>
  );
}
