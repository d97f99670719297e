import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { BILLING_ERRORS, PAYMENT_TEXT, TRIAL_TEXT } from '@logbook/contracts/billing';
import { TOASTS } from '@logbook/contracts/messages';
import type { Student } from '@logbook/contracts/schemas';
import { resetToasts } from '@logbook/shell-context/toasts';
import Subscribe from '../src/app/routes/Subscribe';
import { fakeFetch, renderWithProviders, toastTexts } from './render';

const student = (overrides: Partial<Student> = {}): Student => ({
  id: 7,
  firstName: 'Sam',
  lastName: 'Lee',
  dateOfBirth: '2008-04-02',
  licenseNumber: null,
  subscriptionStatus: 'inactive',
  hasStudentLogin: false,
  studentUsername: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const base = {
  'GET /api/user': { body: { id: 1, email: 'parent@example.com' } },
  'GET /api/billing/config': { body: { provider: 'simulated' } },
  'GET /api/subscription/7': {
    body: {
      studentId: 7,
      status: 'inactive',
      subscriptionId: null,
      trialEnd: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      trialAvailable: true,
    },
  },
};
const location = () => screen.getByTestId('location').textContent;
const open = () =>
  renderWithProviders(<Subscribe />, { path: '/students/7/subscribe', route: '/students/:studentId/subscribe' });

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => resetToasts());

async function startTrial() {
  fireEvent.click(await screen.findByRole('button', { name: 'Start Free 30-Day Trial' }));
}

async function payWith(cardNumber: string) {
  fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: cardNumber } });
  fireEvent.change(screen.getByLabelText('Expiry (MM / YY)'), { target: { value: '1234' } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe for $0.99/month' }));
}

describe('subscribe screen', () => {
  it('shows the student, the Inactive badge, the free first month and the three benefits', async () => {
    fakeFetch({ ...base, 'GET /api/students/7': { body: student() } });
    open();
    await screen.findByRole('heading', { name: 'Sam Lee' });
    expect(screen.getByText('Date of birth: 2 Apr 2008')).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toContain('Inactive');
    expect(screen.getByText('First Month FREE!')).toBeTruthy();
    expect(screen.getByTestId('trial-banner').textContent).toContain('30-day free trial');
    for (const benefit of [
      'Unlimited driving session tracking',
      'Digital signature capture',
      'Progress tracking and reports',
    ]) {
      expect(screen.getByText(benefit)).toBeTruthy();
    }
  });

  it('asks for the subscription details once the student is loaded', async () => {
    const { calls } = fakeFetch({ ...base, 'GET /api/students/7': { body: student() } });
    open();
    await screen.findByRole('heading', { name: 'Sam Lee' });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/subscription/7'));
    const studentAt = calls.findIndex((c) => c.url === '/api/students/7');
    expect(calls.findIndex((c) => c.url === '/api/subscription/7')).toBeGreaterThan(studentAt);
  });

  it('starts the trial, reveals the test-mode card form, declines the decline card without sending it, then confirms and goes to the dashboard', async () => {
    let status = 'inactive';
    const { calls } = fakeFetch({
      ...base,
      'GET /api/students/7': () => ({ body: student({ subscriptionStatus: status }) }),
      'GET /api/students': () => ({ body: [student({ subscriptionStatus: status })] }),
      'POST /api/create-subscription': {
        body: { subscriptionId: 'sub_1', clientSecret: 'seti_1_secret_x', type: 'setup' },
      },
      'POST /api/billing/simulate/confirm': () => {
        status = 'active';
        return { body: { ok: true } };
      },
    });
    open();
    await startTrial();
    await screen.findByTestId('test-mode-notice');
    await waitFor(() =>
      expect(toastTexts()).toEqual([`${TOASTS.subscriptionCreated.title} — ${TOASTS.subscriptionCreated.description}`]),
    );
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/create-subscription',
      body: { studentId: 7 },
    });
    expect(screen.getByTestId('test-mode-notice').textContent).toContain('TEST MODE');

    await payWith('4000 0000 0000 0002');
    await waitFor(() => expect(toastTexts()).toHaveLength(1));
    expect(toastTexts()).toEqual([`${TOASTS.paymentFailed} — Your card was declined.`]);
    expect(calls.some((c) => c.url === '/api/billing/simulate/confirm')).toBe(false);

    await payWith('4242 4242 4242 4242');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(toastTexts()[0]).toMatch(new RegExp(`^${TOASTS.paymentSuccess}`));
    expect(calls.find((c) => c.url === '/api/billing/simulate/confirm')?.body).toEqual({
      clientSecret: 'seti_1_secret_x',
    });
  });

  it("says the free month has been used instead of 'First Month FREE!', and starts a subscription paid from today", async () => {
    let status = 'inactive';
    const { calls } = fakeFetch({
      ...base,
      'GET /api/subscription/7': {
        body: {
          studentId: 7,
          status: 'canceled',
          subscriptionId: 'sub_1',
          trialEnd: null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          trialAvailable: false,
        },
      },
      'GET /api/students/7': () => ({ body: student({ subscriptionStatus: status }) }),
      'GET /api/students': () => ({ body: [student({ subscriptionStatus: status })] }),
      'POST /api/create-subscription': {
        body: { subscriptionId: 'sub_2', clientSecret: 'pi_2_secret_x', type: 'payment' },
      },
      'POST /api/billing/simulate/confirm': () => {
        status = 'active';
        return { body: { ok: true } };
      },
    });
    open();
    await waitFor(() =>
      expect(screen.getByTestId('trial-banner').textContent).toContain(
        'Your free month has been used: A$0.99 a month incl. GST from today.',
      ),
    );
    expect(screen.queryByText('First Month FREE!')).toBeNull();
    expect(screen.queryByText(/free trial/i)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start Free 30-Day Trial' })).toBeNull();
    expect(screen.getByText(TRIAL_TEXT.paidNote)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: TRIAL_TEXT.startPaid }));
    await screen.findByTestId('test-mode-notice');
    await waitFor(() =>
      expect(toastTexts()).toEqual([`${TRIAL_TEXT.createdPaid.title} — ${TRIAL_TEXT.createdPaid.description}`]),
    );
    expect(screen.getByText('Your card is charged for the first month now.')).toBeTruthy();
    await payWith('4242 4242 4242 4242');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls.find((c) => c.url === '/api/billing/simulate/confirm')?.body).toEqual({
      clientSecret: 'pi_2_secret_x',
    });
  });

  it("shows the server's reason, or the spec's fallbacks, when the trial cannot start", async () => {
    fakeFetch({
      ...base,
      'GET /api/students/7': { body: student() },
      'POST /api/create-subscription': { status: 409, body: { message: 'This student already has a subscription' } },
    });
    open();
    await startTrial();
    await waitFor(() => expect(toastTexts()).toEqual(['Error — This student already has a subscription']));
    expect(screen.queryByTestId('test-mode-notice')).toBeNull();

    fakeFetch({
      ...base,
      'GET /api/students/7': { body: student() },
      'POST /api/create-subscription': { status: 500 },
    });
    await startTrial();
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.error} — ${TOASTS.subscriptionCreateFailed}`]));

    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await startTrial();
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.error} — ${TOASTS.subscriptionCreateNetwork}`]));
  });

  it('shows the provider refusing a payment as Payment Failed with its message', async () => {
    fakeFetch({
      ...base,
      'GET /api/students/7': { body: student() },
      'POST /api/create-subscription': {
        body: { subscriptionId: 'sub_1', clientSecret: 'seti_1_secret_x', type: 'setup' },
      },
      'POST /api/billing/simulate/confirm': {
        status: 409,
        body: { message: 'No subscription is waiting for this confirmation' },
      },
    });
    open();
    await startTrial();
    await screen.findByTestId('test-mode-notice');
    await payWith('4242 4242 4242 4242');
    await waitFor(() =>
      expect(toastTexts()).toEqual([`${TOASTS.paymentFailed} — No subscription is waiting for this confirmation`]),
    );
    expect(location()).toBe('/students/7/subscribe');
  });

  it('for an active student: the Active Subscription notice at $0.99 AUD monthly; Cancel ends it with the period ("Ends on …"), and Resume takes that back', async () => {
    let ending = false;
    const view = () => ({
      body: {
        studentId: 7,
        status: 'active',
        subscriptionId: 'sub_1',
        trialEnd: '2099-01-31T00:00:00.000Z',
        currentPeriodEnd: '2099-01-31T00:00:00.000Z',
        cancelAtPeriodEnd: ending,
        trialAvailable: false,
        nextStep: null,
      },
    });
    const { calls } = fakeFetch({
      ...base,
      'GET /api/subscription/7': view,
      'GET /api/students/7': { body: student({ subscriptionStatus: 'active' }) },
      'GET /api/students': { body: [student({ subscriptionStatus: 'active' })] },
      'POST /api/cancel-subscription': () => {
        ending = true;
        return view();
      },
      'POST /api/billing/resume': () => {
        ending = false;
        return view();
      },
    });
    open();
    await screen.findByText('Active Subscription');
    expect(screen.getByText(/bills \$0\.99 AUD monthly/)).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toContain('Active');
    await waitFor(() => expect(screen.getByTestId('trial-end').textContent).toMatch(/^Free trial until .*2099/));
    expect(screen.queryByRole('button', { name: PAYMENT_TEXT.resume })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    const dialog = screen.getByRole('dialog', { name: 'Cancel Subscription' });
    expect(dialog.textContent).toMatch(/ends on .*2099, and logging new sessions goes on until then/);
    await act(async () => fireEvent.click(dialog.querySelector('.ll-btn--destructive')!));
    await waitFor(() => expect(toastTexts()[0]).toMatch(/^Subscription ending — Sam's subscription ends on .*2099/));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/cancel-subscription',
      body: { studentId: 7 },
    });
    await waitFor(() => expect(screen.getByTestId('ends-on').textContent).toMatch(/^Ends on .*2099/));
    expect(screen.getByTestId('subscription-status').textContent).toContain('Active');
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: PAYMENT_TEXT.resume }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/billing/resume')).toEqual([
        { method: 'POST', url: '/api/billing/resume', body: { studentId: 7 } },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('ends-on')).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
  });

  it('changes the card of a running subscription: a SetupIntent from the server, confirmed by the card form', async () => {
    const { calls } = fakeFetch({
      ...base,
      'GET /api/subscription/7': {
        body: {
          studentId: 7,
          status: 'active',
          subscriptionId: 'sub_1',
          trialEnd: null,
          currentPeriodEnd: '2099-01-31T00:00:00.000Z',
          cancelAtPeriodEnd: false,
          trialAvailable: false,
          nextStep: null,
        },
      },
      'GET /api/students/7': { body: student({ subscriptionStatus: 'active' }) },
      'GET /api/students': { body: [student({ subscriptionStatus: 'active' })] },
      'POST /api/billing/card': {
        body: { subscriptionId: 'sub_1', clientSecret: 'seti_change_secret_1', type: 'setup' },
      },
      'POST /api/billing/simulate/confirm': { body: { status: 'succeeded' } },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: PAYMENT_TEXT.changeCard }));
    await screen.findByText(PAYMENT_TEXT.changeCardNote);
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '5555555555554444' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM / YY)'), { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: PAYMENT_TEXT.changeCardLabel }));
    await waitFor(() =>
      expect(toastTexts()).toContain(`${PAYMENT_TEXT.cardChangedTitle} — ${PAYMENT_TEXT.changeCardNote}`),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/billing/card', { studentId: 7 }],
      ['/api/billing/simulate/confirm', { clientSecret: 'seti_change_secret_1' }],
    ]);
    // Back to the subscription, still on this screen.
    await screen.findByText('Active Subscription');
    expect(location()).toBe('/students/7/subscribe');
  });

  it('tells a family whose payment was disputed why no subscription starts', async () => {
    fakeFetch({
      ...base,
      'GET /api/subscription/7': {
        body: { ...base['GET /api/subscription/7'].body, status: 'canceled', accountDisputed: true },
      },
      'GET /api/students/7': { body: student({ subscriptionStatus: 'canceled' }) },
    });
    open();
    await screen.findByText(BILLING_ERRORS.accountDisputed);
    expect(screen.getByText(PAYMENT_TEXT.disputedTitle)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Free 30-Day Trial' })).toBeNull();
  });

  it("says 'Failed to cancel subscription' when the server gives no reason", async () => {
    fakeFetch({
      ...base,
      'GET /api/students/7': { body: student({ subscriptionStatus: 'active' }) },
      'POST /api/cancel-subscription': { status: 500 },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Subscription' });
    await act(async () => fireEvent.click(dialog.querySelector('.ll-btn--destructive')!));
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.error} — ${TOASTS.cancelFailed}`]));
  });

  it('names a student that is not on this account, with a way back', async () => {
    fakeFetch({ ...base, 'GET /api/students/7': { status: 404, body: { message: 'Student not found' } } });
    open();
    await screen.findByText('Student not found');
    expect(screen.queryByRole('button', { name: 'Start Free 30-Day Trial' })).toBeNull();
  });
});
