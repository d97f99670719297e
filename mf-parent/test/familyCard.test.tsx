import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FAMILY_MESSAGES } from '@logbook/contracts/family';
import { VALIDATION } from '@logbook/contracts/messages';
import { resetToasts } from '@logbook/shell-context/toasts';
import { FamilyCard } from '../src/features/account/components/FamilyCard';
import { ActiveSubscriptionNotice } from '../src/features/subscription/components/ActiveSubscriptionNotice';
import { fakeFetch, renderWithProviders, toastTexts } from './render';

const ann = { id: 1, email: 'ann@example.com', billingOwner: true, you: true };
const bob = { id: 2, email: 'bob@example.com', billingOwner: false, you: false };
const family = (guardians = [ann, bob], invitations: Array<{ email: string; expiresAt: string }> = []) => ({
  guardians,
  invitations,
  maxGuardians: 4,
});

beforeEach(() => act(() => resetToasts()));

describe('the Family card', () => {
  it('lists the guardians, marks you and the holder, and lets the holder remove another after a confirmation', async () => {
    const { calls } = fakeFetch({
      'GET /api/family': {
        body: family([ann, bob], [{ email: 'cat@example.com', expiresAt: '2026-12-01T00:00:00.000Z' }]),
      },
      'DELETE /api/family/guardians/2': { status: 204 },
    });
    renderWithProviders(<FamilyCard />);
    const rows = await screen.findAllByTestId('guardian');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ann@example.comYouHolds the subscription',
      'bob@example.comRemove',
    ]);
    expect(screen.getByTestId('invitations').textContent).toContain('cat@example.com');
    expect(screen.queryByRole('button', { name: 'Remove ann@example.com' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove bob@example.com' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove guardian' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(toastTexts()).toContain(FAMILY_MESSAGES.removed));
  });

  it('offers no Remove to a guardian who does not hold the subscription, and Leave to anyone not alone', async () => {
    fakeFetch({
      'GET /api/family': {
        body: family([
          { ...ann, you: false },
          { ...bob, you: true },
        ]),
      },
    });
    renderWithProviders(<FamilyCard />);
    await screen.findAllByTestId('guardian');
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave the family' })).toBeTruthy();
  });

  it('has no Leave for the only guardian', async () => {
    fakeFetch({ 'GET /api/family': { body: family([ann]) } });
    renderWithProviders(<FamilyCard />);
    await screen.findByText(/Only you so far/);
    expect(screen.queryByRole('button', { name: 'Leave the family' })).toBeNull();
  });

  it('says the only guardian is alone only while no invitation is waiting', async () => {
    fakeFetch({
      'GET /api/family': { body: family([ann], [{ email: 'bob@example.com', expiresAt: '2026-12-01T00:00:00.000Z' }]) },
    });
    renderWithProviders(<FamilyCard />);
    expect((await screen.findByTestId('invitations')).textContent).toContain('bob@example.com');
    expect(screen.queryByText(/Only you so far/)).toBeNull();
  });

  it('checks the address with the sign-in rule, sends it as the server takes it, and says it went', async () => {
    const { calls } = fakeFetch({
      'GET /api/family': { body: family([ann]) },
      'POST /api/family/invitations': { status: 202, body: { message: FAMILY_MESSAGES.invited } },
    });
    renderWithProviders(<FamilyCard />);
    const send = await screen.findByRole('button', { name: 'Send invitation' });
    fireEvent.click(send);
    expect(await screen.findByText(VALIDATION.invalidEmail)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Their email'), { target: { value: ' Bob@Example.com ' } });
    await waitFor(() => expect(screen.queryByText(VALIDATION.invalidEmail)).toBeNull());
    fireEvent.click(send);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', url: '/api/family/invitations', body: { email: 'bob@example.com' } },
      ]),
    );
    await waitFor(() =>
      expect(toastTexts()).toContain(`${FAMILY_MESSAGES.invited} — ${FAMILY_MESSAGES.invitedDescription}`),
    );
  });

  it("shows the server's refusal on the field", async () => {
    fakeFetch({
      'GET /api/family': { body: family() },
      'POST /api/family/invitations': { status: 409, body: { message: FAMILY_MESSAGES.alreadyGuardian } },
    });
    renderWithProviders(<FamilyCard />);
    fireEvent.change(await screen.findByLabelText('Their email'), { target: { value: 'bob@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(FAMILY_MESSAGES.alreadyGuardian)).toBeTruthy();
  });

  it('says when the family could not be loaded, and asks again', async () => {
    const { calls } = fakeFetch({ 'GET /api/family': { status: 500, body: { message: 'boom' } } });
    renderWithProviders(<FamilyCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/family').length).toBe(2));
  });
});

describe('the subscription for a guardian who does not hold it', () => {
  const props = {
    firstName: 'Sam',
    pending: null,
    onCancel: async () => true,
    onResume: () => undefined,
    onChangeCard: () => undefined,
    details: {
      studentId: 7,
      status: 'active',
      subscriptionId: 'sub_1',
      trialEnd: null,
      currentPeriodEnd: '2026-12-25T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      trialAvailable: false,
      nextStep: null,
    },
  } as const;

  it('names who holds it and offers no card change, cancel or resume', () => {
    renderWithProviders(
      <ActiveSubscriptionNotice {...props} holder={{ mayManage: false, heldBy: 'ann@example.com' }} />,
    );
    expect(screen.getByTestId('held-by').textContent).toContain('ann@example.com holds this subscription');
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('offers them to its holder', () => {
    renderWithProviders(<ActiveSubscriptionNotice {...props} holder={{ mayManage: true }} />);
    expect(screen.queryByTestId('held-by')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
  });
});
