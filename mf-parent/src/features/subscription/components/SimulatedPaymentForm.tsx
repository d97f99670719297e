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
        error={errors.cardNumber}
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={values.cardNumber}
        onChange={(e) => setValues((v) => ({ ...v, cardNumber: formatCardNumber(e.target.value) }))}
      />
      <div className="pp-form__row pp-form__row--tight">
        <TextField
          label="Expiry (MM / YY)"
          error={errors.expiry}
          name="expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={values.expiry}
          onChange={(e) => setValues((v) => ({ ...v, expiry: formatExpiry(e.target.value) }))}
        />
        <TextField
          label="CVC"
          error={errors.cvc}
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={values.cvc}
          onChange={(e) => setValues((v) => ({ ...v, cvc: e.target.value.replace(/\D/g, '') }))}
        />
      </div>
      <Button type="submit" size="lg" pending={pending} className="ll-btn--block">
        {submitLabel}
      </Button>
    </form>
  );
}
