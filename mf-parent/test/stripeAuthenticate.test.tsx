import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Stripe } from '@stripe/stripe-js';
import { PAYMENT_TEXT } from '@logbook/contracts/billing';
import { TOASTS } from '@logbook/contracts/messages';
import { resetToasts } from '@logbook/shell-context/toasts';
import StripeAuthenticate from '../src/features/subscription/components/StripeAuthenticate';
import { toastTexts } from './render';

/** A stand-in for Stripe.js: only handleNextAction, which shows the bank's 3-D Secure check in the real one. */
const handleNextAction = jest.fn();
const load = jest.fn(async () => ({ handleNextAction }) as unknown as Stripe);

beforeEach(() => {
  resetToasts();
  jest.clearAllMocks();
});

async function press(onSuccess = jest.fn()) {
  render(
    <StripeAuthenticate publishableKey="pk_test_1" clientSecret="pi_1_secret_x" onSuccess={onSuccess} load={load} />,
  );
  await act(async () => fireEvent.click(screen.getByRole('button', { name: PAYMENT_TEXT.authenticate })));
  return onSuccess;
}

describe('confirming a payment the bank holds (3-D Secure)', () => {
  it("runs Stripe.js's handleNextAction on the invoice's PaymentIntent and reports success", async () => {
    handleNextAction.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const onSuccess = await press();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('succeeded'));
    expect(load).toHaveBeenCalledWith('pk_test_1');
    expect(handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' });
  });

  it('reports a payment still processing as processing, not paid', async () => {
    handleNextAction.mockResolvedValue({ paymentIntent: { status: 'processing' } });
    const onSuccess = await press();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('processing'));
  });

  it("shows the bank's refusal and a payment that still needs a card as not completed", async () => {
    handleNextAction.mockResolvedValueOnce({ error: { message: 'Authentication failed.' } });
    const onSuccess = await press();
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.paymentFailed} — Authentication failed.`]));
    handleNextAction.mockResolvedValueOnce({ paymentIntent: { status: 'requires_payment_method' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: PAYMENT_TEXT.authenticate })));
    await waitFor(() => expect(toastTexts()[0]).toBe(`${PAYMENT_TEXT.failedTitle} — ${PAYMENT_TEXT.failed}`));
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('says so plainly when Stripe.js cannot load', async () => {
    load.mockRejectedValueOnce(new Error('blocked'));
    const onSuccess = await press();
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.error} — ${TOASTS.stripeLoadFailed}`]));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
