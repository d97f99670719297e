import { useState, type FormEvent } from 'react';
import { Button, TextField } from '@logbook/ui/shared';
import { isNetworkError, toast } from '@logbook/shell-context/shared';
import { TOASTS } from '@logbook/contracts/view';
import { serverMessageOr } from '../../../lib/errors';
import { confirmSimulatedPayment } from '../api/billing';
import {
  SUCCESS_TEST_CARD,
  checkTestCard,
  formatCardNumber,
  formatExpiry,
  type TestCardErrors,
  type TestCardValues,
} from '../utils/testCard';

export interface SimulatedPaymentFormProps {
  clientSecret: string;
  submitLabel: string;
  onSuccess: () => void;
}

/** The card form used when the server runs the simulated provider: no card leaves the browser and nothing is charged. */
export function SimulatedPaymentForm({ clientSecret, submitLabel, onSuccess }: SimulatedPaymentFormProps) {
  const [values, setValues] = useState<TestCardValues>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<TestCardErrors>({});
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = checkTestCard(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (result.declined) {
      toast({ title: TOASTS.paymentFailed, description: result.declined, variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      await confirmSimulatedPayment(clientSecret);
    } catch (error) {
      setPending(false);
      toast({
        title: isNetworkError(error) ? TOASTS.error : TOASTS.paymentFailed,
        description: isNetworkError(error)
          ? TOASTS.paymentUnexpected
          : serverMessageOr(error, TOASTS.paymentUnexpected),
        variant: 'destructive',
      });
      return;
    }
    onSuccess();
  };

  /** A numeric card input, kept in the card's own format as it is typed. */
  const field = (name: keyof TestCardValues, format: (typed: string) => string) => ({
    error: errors[name],
    name,
    inputMode: 'numeric' as const,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: format(e.target.value) })),
  });

  return (
    <form className="ll-form pp-card-form" onSubmit={submit} noValidate aria-label="Card details (test mode)">
      <div className="pp-test-mode" role="note" data-testid="test-mode-notice">
        <span className="pp-test-mode__tag">TEST MODE</span>
        <p>
          Payments are simulated and no card is charged. Use <strong>{SUCCESS_TEST_CARD}</strong> with any future expiry
          date and any CVC; 4000 0000 0000 0002 is declined.
        </p>
      </div>
      <TextField
        label="Card number"
        placeholder="1234 1234 1234 1234"
        autoComplete="cc-number"
        {...field('cardNumber', formatCardNumber)}
      />
      <div className="pp-form__row pp-form__row--tight">
        <TextField
          label="Expiry (MM / YY)"
          placeholder="MM / YY"
          autoComplete="cc-exp"
          {...field('expiry', formatExpiry)}
        />
        <TextField
          label="CVC"
          placeholder="123"
          maxLength={4}
          autoComplete="cc-csc"
          {...field('cvc', (typed) => typed.replace(/\D/g, ''))}
        />
      </div>
      <Button type="submit" size="lg" pending={pending} className="ll-btn--block">
        {submitLabel}
      </Button>
    </form>
  );
}
