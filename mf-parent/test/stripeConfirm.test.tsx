import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TOASTS } from '@logbook/contracts/messages';
import { resetToasts } from '@logbook/shell-context/toasts';
import { toastTexts } from './render';

const elements = { submit: jest.fn() };
const stripe = { confirmSetup: jest.fn(), confirmPayment: jest.fn() };

jest.mock('@stripe/react-stripe-js', () => ({
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => stripe,
  useElements: () => elements,
}));

// Imported after the mock: the form talks to the stand-in Stripe above.
import { StripeConfirmForm } from '../src/features/subscription/components/StripeConfirmForm';

const returnUrl = `${window.location.origin}/dashboard`;

beforeEach(() => {
  resetToasts();
  jest.clearAllMocks();
  elements.submit.mockResolvedValue({});
});

async function submit(type: 'setup' | 'payment', onSuccess = jest.fn()) {
  render(<StripeConfirmForm type={type} submitLabel="Subscribe for $0.99/month" onSuccess={onSuccess} />);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Subscribe for $0.99/month' })));
  return onSuccess;
}

describe("Stripe's Payment Element", () => {
  it('saves the card with confirmSetup during a trial, returning to the dashboard', async () => {
    stripe.confirmSetup.mockResolvedValue({ setupIntent: { status: 'succeeded' } });
    const onSuccess = await submit('setup');
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(stripe.confirmSetup).toHaveBeenCalledWith({
      elements,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it('pays the first invoice with confirmPayment without a trial', async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const onSuccess = await submit('payment');
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    expect(stripe.confirmSetup).not.toHaveBeenCalled();
  });

  it("reports a payment still processing at the bank, and returns to the student's subscribe screen after a bank's page", async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'processing' } });
    const onSuccess = jest.fn();
    render(
      <StripeConfirmForm
        type="payment"
        submitLabel="Pay $0.99 now"
        returnPath="/students/7/subscribe"
        onSuccess={onSuccess}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay $0.99 now' })));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('processing'));
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements,
      confirmParams: { return_url: `${window.location.origin}/students/7/subscribe` },
      redirect: 'if_required',
    });
  });

  it("shows Stripe's message as Payment Failed", async () => {
    stripe.confirmSetup.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    const onSuccess = await submit('setup');
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.paymentFailed} — Your card was declined.`]));
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('stops at an incomplete card form before confirming', async () => {
    elements.submit.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } });
    await submit('setup');
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.paymentFailed} — Your card number is incomplete.`]));
    expect(stripe.confirmSetup).not.toHaveBeenCalled();
  });

  it('says an unexpected error occurred when Stripe throws', async () => {
    stripe.confirmPayment.mockRejectedValue(new Error('network down'));
    const onSuccess = await submit('payment');
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.error} — ${TOASTS.paymentUnexpected}`]));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
