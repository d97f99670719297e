import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DRAFTS_STORAGE_KEY } from '@logbook/contracts/constants';
import { SIGN_OUT_WAITING } from '@logbook/contracts/messages';
import type { Student } from '@logbook/contracts/schemas';
import { accountKey, parentAccount, signedInAccount } from '@logbook/session-device/deviceAccount';
import { provideWaitingSessions, type WaitingSessionsAccess } from '@logbook/shell-context/outboxAccess';
import Dashboard from '../src/app/routes/Dashboard';
import { fakeFetch, renderWithProviders } from './render';

const sam: Student = {
  id: 5,
  firstName: 'Sam',
  lastName: 'Lee',
  dateOfBirth: '2008-04-02',
  licenseNumber: null,
  subscriptionStatus: 'active',
  hasStudentLogin: false,
  studentUsername: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const api = {
  'GET /api/user': { body: { id: 11, email: 'ann@example.com' } },
  'GET /api/students': { body: [sam] },
  'POST /api/logout': { body: { ok: true } },
};
const location = () => screen.getByTestId('location').textContent;
const open = () => renderWithProviders(<Dashboard />, { path: '/dashboard', route: '/dashboard' });

/** An outbox holding `waiting` sessions of Ann's; sending leaves `left` of them. */
function outbox(waiting: number, left = waiting) {
  const access: WaitingSessionsAccess & { held: number } = {
    held: waiting,
    waitingCount: jest.fn(async (account: string) => (account === parentAccount(11) ? access.held : 0)),
    sendWaiting: jest.fn(async () => {
      access.held = left;
      return left;
    }),
  };
  provideWaitingSessions(async () => access);
  return access;
}

const draft = {
  id: 'draft-1',
  studentId: 5,
  studentName: 'Sam Lee',
  sessionDate: '2026-03-07',
  startTime: '09:00',
  endTime: '10:30',
  startLocation: 'Norwood',
  endLocation: 'Glenelg',
  weatherConditions: '',
  trafficConditions: 'light',
  roadConditions: 'sealed',
  lightConditions: 'day',
  supervisorName: 'Pat Driver',
  supervisorLicense: 'SA12345',
  lastSaved: '2026-03-07T10:45:00.000Z',
};

async function askToSignOut() {
  open();
  await screen.findAllByText('Sam Lee');
  await waitFor(() => expect(signedInAccount()).toBe(parentAccount(11)));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Logout' })));
}

beforeEach(() => localStorage.clear());
afterEach(() => provideWaitingSessions(undefined));

describe('signing out with sessions not sent yet', () => {
  it('says how many and offers to wait or sign out anyway; nothing is posted before the choice', async () => {
    const { calls } = fakeFetch(api);
    outbox(2);
    await askToSignOut();
    const dialog = await screen.findByRole('dialog', { name: SIGN_OUT_WAITING.title });
    expect(within(dialog).getByText(SIGN_OUT_WAITING.description(2)).textContent).toMatch(
      /^2 sessions have not been sent yet/,
    );
    for (const name of [SIGN_OUT_WAITING.sendNow, SIGN_OUT_WAITING.stay, SIGN_OUT_WAITING.signOut]) {
      expect(within(dialog).getByRole('button', { name }).tagName).toBe('BUTTON');
    }
    expect(calls.some((c) => c.url === '/api/logout')).toBe(false);
    expect(location()).toBe('/dashboard');
  });

  it('one session is counted as one', async () => {
    fakeFetch(api);
    outbox(1);
    await askToSignOut();
    await screen.findByText(SIGN_OUT_WAITING.description(1));
    expect(SIGN_OUT_WAITING.description(1)).toMatch(/^1 session has not been sent yet/);
  });

  it('"Stay signed in" closes the question and keeps the account signed in', async () => {
    const { calls } = fakeFetch(api);
    outbox(2);
    await askToSignOut();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: SIGN_OUT_WAITING.stay })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url === '/api/logout')).toBe(false);
    expect(signedInAccount()).toBe(parentAccount(11));
  });

  it('"Sign out anyway" signs out and hides the drafts, which stay kept for this account', async () => {
    const { calls } = fakeFetch(api);
    const access = outbox(2);
    localStorage.setItem(accountKey(DRAFTS_STORAGE_KEY, parentAccount(11)), JSON.stringify([draft]));
    await askToSignOut();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: SIGN_OUT_WAITING.signOut })));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/logout')).toBe(true);
    expect(access.sendWaiting).not.toHaveBeenCalled();
    expect(signedInAccount()).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(accountKey(DRAFTS_STORAGE_KEY, parentAccount(11)))!)).toEqual([draft]);
    expect(localStorage.getItem(DRAFTS_STORAGE_KEY)).toBeNull();
  });

  it('"Try sending now" that sends everything goes on to sign out', async () => {
    const { calls } = fakeFetch(api);
    const access = outbox(2, 0);
    await askToSignOut();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: SIGN_OUT_WAITING.sendNow })));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(access.sendWaiting).toHaveBeenCalledWith(parentAccount(11));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/logout')).toBe(true);
  });

  it('"Try sending now" that cannot send says so, with the count left, and stays signed in', async () => {
    const { calls } = fakeFetch(api);
    outbox(2, 1);
    await askToSignOut();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: SIGN_OUT_WAITING.sendNow })));
    await screen.findByText(SIGN_OUT_WAITING.stillWaiting);
    expect(screen.getByText(SIGN_OUT_WAITING.description(1))).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/logout')).toBe(false);
    expect(location()).toBe('/dashboard');
  });

  it('with nothing waiting, Logout signs out at once', async () => {
    const { calls } = fakeFetch(api);
    outbox(0);
    await askToSignOut();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/logout')).toBe(true);
  });
});

describe("the dashboard's drafts belong to the account signed in", () => {
  it("another parent on this device sees none of them; drafts from before accounts were kept become this parent's", async () => {
    localStorage.setItem(
      accountKey(DRAFTS_STORAGE_KEY, parentAccount(99)),
      JSON.stringify([{ ...draft, id: 'draft-other', startLocation: 'Secret Road' }]),
    );
    localStorage.setItem(
      DRAFTS_STORAGE_KEY,
      JSON.stringify([{ ...draft, id: 'draft-old', startLocation: 'Old Road' }]),
    );
    fakeFetch(api);
    open();
    await waitFor(() => expect(signedInAccount()).toBe(parentAccount(11)));
    await waitFor(() => expect(screen.getAllByTestId('draft-session')).toHaveLength(1));
    expect(screen.getByTestId('draft-session').textContent).toContain('Old Road');
    expect(document.body.textContent).not.toContain('Secret Road');
    expect(localStorage.getItem(DRAFTS_STORAGE_KEY)).toBeNull();
  });
});
