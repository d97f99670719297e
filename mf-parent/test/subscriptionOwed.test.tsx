import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_TEXT } from '@logbook/contracts/billing';
import { TOASTS } from '@logbook/contracts/messages';
import type { Student } from '@logbook/contracts/schemas';
import { resetToasts } from '@logbook/shell-context/toasts';
import Subscribe from '../src/app/routes/Subscribe';
import { SubscriptionBadge } from '../src/features/students/components/SubscriptionBadge';
import { readPaymentReturn, withoutPaymentReturn } from '../src/features/subscription/utils/paymentReturn';
import { fakeFetch, renderWithProviders, toastTexts } from './render';

const student = (overrides: Partial<Student> = {}): Student => ({
  id: 7,
  firstName: 'Sam',
  lastName: 'Lee',
  dateOfBirth: '2008-04-02',
  licenseNumber: null,
  subscriptionStatus: 'past_due',
  hasStudentLogin: false,
  studentUsername: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const view = (overrides: Record<string, unknown> = {}) => ({
  body: {
    studentId: 7,
    status: 'past_due',
    subscriptionId: 'sub_1',
    trialEnd: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    trialAvailable: false,
    nextStep: null,
    ...overrides,
  },
});

const base = {
  'GET /api/user': { body: { id: 1, email: 'parent@example.com' } },
  'GET /api/billing/config': { body: { provider: 'simulated' } },
};
const location = () => screen.getByTestId('location').textContent;
const open = (path = '/students/7/subscribe') =>
  renderWithProviders(<Subscribe />, { path, route: '/students/:studentId/subscribe' });

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => resetToasts());

describe('student card badge: what the parent must do', () => {
  it.each([
    ['past_due', 'payment_needed', 'Payment needed'],
    ['past_due', 'confirm_payment', 'Confirm your payment'],
    ['incomplete', 'payment_needed', 'Payment needed'],
  ])('a %s student whose billing says %s shows "%s" beside the status', async (status, nextStep, label) => {
    const { calls } = fakeFetch({ 'GET /api/subscription/7': view({ status, nextStep }) });
    renderWithProviders(<SubscriptionBadge status={status} studentId={7} />);
    expect((await screen.findByTestId('subscription-next-step')).textContent).toBe(`!${label}`);
    expect(screen.getByTestId('subscription-badge').dataset.status).toBe(status);
    expect(calls.map((c) => c.url)).toEqual(['/api/subscription/7']);
  });

  it('asks nothing for a student who cannot owe anything, and shows no step when nothing is needed', async () => {
    const { calls } = fakeFetch({ 'GET /api/subscription/7': view({ nextStep: null }) });
    renderWithProviders(
      <>
        <SubscriptionBadge status="active" studentId={7} />
        <SubscriptionBadge status="canceled" studentId={7} />
      </>,
    );
    await act(async () => undefined);
    expect(calls).toHaveLength(0);
    expect(screen.queryByTestId('subscription-next-step')).toBeNull();
    renderWithProviders(<SubscriptionBadge status="past_due" studentId={7} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('subscription-next-step')).toBeNull();
  });

  it('shows a step the caller already knows without asking', () => {
    const { calls } = fakeFetch({});
    renderWithProviders(<SubscriptionBadge status="incomplete" nextStep="payment_needed" />);
    expect(screen.getByTestId('subscription-next-step').textContent).toBe('!Payment needed');
    expect(calls).toHaveLength(0);
  });
});

describe('subscribe screen: a subscription that is owed', () => {
  it('for a renewal held by the bank: "Confirm your payment" fetches the open invoice and confirms it with the card form', async () => {
    let status = 'past_due';
    const { calls } = fakeFetch({
      ...base,
      'GET /api/students/7': () => ({ body: student({ subscriptionStatus: status }) }),
      'GET /api/students': () => ({ body: [student({ subscriptionStatus: status })] }),
      'GET /api/subscription/7': () => view({ nextStep: status === 'active' ? null : 'confirm_payment' }),
      'POST /api/billing/payment': {
        body: { subscriptionId: 'sub_1', clientSecret: 'pi_9_secret_z', type: 'payment' },
      },
      'POST /api/billing/simulate/confirm': () => {
        status = 'active';
        return { body: { ok: true } };
      },
    });
    open();
    expect((await screen.findByTestId('owed-payment')).textContent).toContain(PAYMENT_TEXT.confirm);
    fireEvent.click(screen.getByRole('button', { name: PAYMENT_TEXT.confirmButton }));
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM / YY)'), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: PAYMENT_TEXT.payLabel }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls.find((c) => c.url === '/api/billing/payment')?.body).toEqual({ studentId: 7 });
    expect(calls.find((c) => c.url === '/api/billing/simulate/confirm')?.body).toEqual({
      clientSecret: 'pi_9_secret_z',
    });
  });

  it('for a paused or unpaid subscription: "Payment needed", and it can be canceled from here', async () => {
    const { calls } = fakeFetch({
      ...base,
      'GET /api/students/7': { body: student({ subscriptionStatus: 'incomplete' }) },
      'GET /api/students': { body: [student({ subscriptionStatus: 'incomplete' })] },
      'GET /api/subscription/7': view({ status: 'incomplete', nextStep: 'payment_needed' }),
      'POST /api/cancel-subscription': { body: view({ status: 'canceled' }).body },
    });
    open();
    expect((await screen.findByTestId('owed-payment')).textContent).toContain(PAYMENT_TEXT.neededTitle);
    fireEvent.click(screen.getByRole('button', { name: PAYMENT_TEXT.cancel }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: PAYMENT_TEXT.cancel }));
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/cancel-subscription')).toBe(true));
    expect(calls.find((c) => c.url === '/api/cancel-subscription')?.body).toEqual({ studentId: 7 });
    await waitFor(() => expect(toastTexts()[0]).toMatch(new RegExp(`^${TOASTS.subscriptionCanceled}`)));
  });

  it('goes straight on when Stripe needs nothing more (a card already on file): no card form, on to the dashboard', async () => {
    let status = 'inactive';
    fakeFetch({
      ...base,
      'GET /api/students/7': () => ({ body: student({ subscriptionStatus: status }) }),
      'GET /api/students': () => ({ body: [student({ subscriptionStatus: status })] }),
      'GET /api/subscription/7': view({ status: 'inactive', subscriptionId: null }),
      'POST /api/create-subscription': () => {
        status = 'active';
        return { body: { subscriptionId: 'sub_2', clientSecret: null, type: 'none' } };
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start Subscription' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(toastTexts()).toContain(
      `${PAYMENT_TEXT.nothingToConfirm.title} — ${PAYMENT_TEXT.nothingToConfirm.description}`,
    );
  });
});

describe("return from a bank's page", () => {
  it('reads redirect_status and takes Stripe’s parameters off the URL', () => {
    expect(readPaymentReturn('?redirect_status=succeeded&payment_intent=pi_1')).toBe('succeeded');
    expect(readPaymentReturn('?redirect_status=processing')).toBe('processing');
    expect(readPaymentReturn('?redirect_status=requires_payment_method')).toBe('failed');
    expect(readPaymentReturn('?tab=2')).toBeNull();
    expect(
      withoutPaymentReturn(
        '?tab=2&redirect_status=succeeded&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret',
      ),
    ).toBe('?tab=2');
  });

  it.each([
    ['processing', PAYMENT_TEXT.processingTitle],
    ['succeeded', TOASTS.paymentSuccess],
  ])('after %s goes to the dashboard with %s', async (redirectStatus, title) => {
    fakeFetch({
      ...base,
      'GET /api/students/7': { body: student({ subscriptionStatus: 'active' }) },
      'GET /api/students': { body: [student({ subscriptionStatus: 'active' })] },
      'GET /api/subscription/7': view({ status: 'active' }),
    });
    open(
      `/students/7/subscribe?redirect_status=${redirectStatus}&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x`,
    );
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(toastTexts()[0]).toMatch(new RegExp(`^${title}`));
  });

  it('says a payment that did not go through was not completed, and stays to try again', async () => {
    fakeFetch({
      ...base,
      'GET /api/students/7': { body: student({ subscriptionStatus: 'incomplete' }) },
      'GET /api/students': { body: [student({ subscriptionStatus: 'incomplete' })] },
      'GET /api/subscription/7': view({ status: 'incomplete', subscriptionId: 'sub_1' }),
    });
    open('/students/7/subscribe?redirect_status=requires_payment_method&setup_intent=seti_1');
    expect((await screen.findByTestId('payment-return')).dataset.status).toBe('failed');
    expect(screen.getByTestId('payment-return').textContent).toContain(PAYMENT_TEXT.failed);
    await waitFor(() => expect(location()).toBe('/students/7/subscribe'));
  });
});
