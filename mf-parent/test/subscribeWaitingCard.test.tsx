import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_TEXT, TRIAL_TEXT } from '@logbook/contracts/billing';
import type { Student } from '@logbook/contracts/schemas';
import { resetToasts } from '@logbook/shell-context/toasts';
import { SubscriptionManager } from '../src/features/subscription/components/SubscriptionManager';
import { fakeFetch, renderWithProviders } from './render';

const sam: Student = {
  id: 7,
  firstName: 'Sam',
  lastName: 'Lee',
  dateOfBirth: '2008-04-02',
  licenseNumber: 'L123',
  subscriptionStatus: 'incomplete',
  hasStudentLogin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const waiting = {
  studentId: 7,
  status: 'incomplete',
  subscriptionId: 'sub_waiting',
  trialEnd: '2026-12-25T00:00:00.000Z',
  currentPeriodEnd: '2026-12-25T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  trialAvailable: false,
  nextStep: null,
};

beforeEach(() => act(() => resetToasts()));

describe('a subscription waiting for a card (a trial begun without one)', () => {
  it('offers to save a card or to cancel, and cancels after a confirmation', async () => {
    const { calls } = fakeFetch({
      'GET /api/subscription/7': { body: waiting },
      'GET /api/students': { body: [] },
      'GET /api/students/7': { body: { ...sam, subscriptionStatus: 'canceled' } },
      'POST /api/cancel-subscription': { body: { ...waiting, status: 'canceled', subscriptionId: 'sub_waiting' } },
    });
    renderWithProviders(<SubscriptionManager student={sam} />);
    const notice = await screen.findByTestId('waiting-card');
    expect(within(notice).getByText(TRIAL_TEXT.waiting)).toBeTruthy();
    expect(within(notice).getByRole('button', { name: TRIAL_TEXT.saveCard })).toBeTruthy();

    fireEvent.click(within(notice).getByRole('button', { name: PAYMENT_TEXT.cancel }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: PAYMENT_TEXT.cancel }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/cancel-subscription')).toEqual([
        { method: 'POST', url: '/api/cancel-subscription', body: { studentId: 7 } },
      ]),
    );
  });
});
