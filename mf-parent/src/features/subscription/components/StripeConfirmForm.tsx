import { useState, type FormEvent } from 'react';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '@logbook/ui/Button';
import { useToast } from '@logbook/shell-context/useToast';
import { TOASTS } from '@logbook/contracts/messages';

export interface StripeConfirmFormProps {
  type: 'setup' | 'payment';
  submitLabel: string;
  onSuccess: () => void;
}

/** Stripe's Payment Element; a trial saves the card (confirmSetup), otherwise the first invoice is paid (confirmPayment). */
export function StripeConfirmForm({ type, submitLabel, onSuccess }: StripeConfirmFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  const { toast } = useToast();

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
      const confirmParams = { return_url: `${window.location.origin}/dashboard` };
      const result =
        type === 'setup'
          ? await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' })
          : await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
      if (result.error) {
        toast({ title: TOASTS.paymentFailed, description: result.error.message, variant: 'destructive' });
        return;
      }
      onSuccess();
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
