import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES, TOASTS, VALIDATION } from '@logbook/contracts/messages';
import type { Student } from '@logbook/contracts/schemas';
import { parentAccount, rememberAccount, signedInAccount } from '@logbook/session-device/deviceAccount';
import { resetToasts } from '@logbook/shell-context/toasts';
import Account from '../src/app/routes/Account';
import { validateChangePassword } from '../src/features/account/utils/passwordForms';
import { fakeFetch, renderWithProviders, toastTexts } from './render';

const student = (id: number, firstName: string, subscriptionStatus: string): Student => ({
  id,
  firstName,
  lastName: 'Lee',
  dateOfBirth: '2008-04-02',
  licenseNumber: null,
  subscriptionStatus,
  hasStudentLogin: false,
  studentUsername: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const api = {
  'GET /api/user': { body: { id: 11, email: 'ann@example.com' } },
  'GET /api/students': {
    body: [student(1, 'Sam', 'active'), student(2, 'Kim', 'past_due'), student(3, 'Jo', 'canceled')],
  },
};
const location = () => screen.getByTestId('location').textContent;
const openAccount = () => renderWithProviders(<Account />, { path: '/account', route: '/account' });
const field = (label: string, within: HTMLElement = document.body) =>
  Array.from(within.querySelectorAll('label'))
    .filter((l) => l.textContent === label)
    .map((l) => document.getElementById(l.htmlFor) as HTMLInputElement)[0];
const type = (label: string, value: string, scope?: HTMLElement) =>
  fireEvent.change(field(label, scope), { target: { value } });
function errorOf(label: string, scope?: HTMLElement): string {
  const ids = field(label, scope).getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert')?.textContent ?? ''
  );
}

beforeEach(() => act(() => resetToasts()));

describe('the account page', () => {
  it('sends a signed-out visitor to /login', async () => {
    fakeFetch({ 'GET /api/user': { status: 401, body: { message: 'Please sign in' } } });
    openAccount();
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('is reached from the header and says exactly what a deletion removes', async () => {
    fakeFetch(api);
    openAccount();
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    for (const name of ['Change password', 'Download my data', 'Delete my account'])
      expect(screen.getByRole('heading', { name, level: 2 })).toBeTruthy();
    const list = within(screen.getByTestId('delete-account')).getByTestId('deletion-list');
    await waitFor(() => expect(list.textContent).toContain('Your 3 students Sam Lee, Kim Lee, Jo Lee'));
    expect(list.textContent).toContain('ann@example.com');
    expect(list.textContent).toContain('Every driving session and signature');
    // Trial, paid and overdue subscriptions stop; a canceled one has nothing left to stop.
    expect(list.textContent).toContain('All 2 subscriptions (Sam, Kim) stop at once with the payment provider');
  });
});

describe('change password', () => {
  it('checks the fields with the registration rules', () => {
    expect(validateChangePassword({ currentPassword: '', newPassword: '123', confirmPassword: '' })).toEqual({
      currentPassword: VALIDATION.passwordRequired,
      newPassword: VALIDATION.passwordMin,
      confirmPassword: VALIDATION.confirmPassword,
    });
    expect(
      validateChangePassword({ currentPassword: 'old', newPassword: '123456', confirmPassword: '1234567' }),
    ).toEqual({ confirmPassword: VALIDATION.passwordsDontMatch });
    expect(
      validateChangePassword({ currentPassword: 'old', newPassword: '123456', confirmPassword: '123456' }),
    ).toEqual({});
  });

  it('names each problem at its field, moves focus to the first, and sends nothing', async () => {
    const { calls } = fakeFetch(api);
    openAccount();
    const card = await screen.findByTestId('change-password');
    type('New password', '123', card);
    fireEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(errorOf('Current password', card)).toBe(VALIDATION.passwordRequired));
    expect(errorOf('New password', card)).toBe(VALIDATION.passwordMin);
    expect(errorOf('Confirm new password', card)).toBe(VALIDATION.confirmPassword);
    expect(document.activeElement).toBe(field('Current password', card));
    expect(field('Current password', card).getAttribute('aria-invalid')).toBe('true');
    type('Current password', 'old-secret', card);
    expect(errorOf('Current password', card)).toBe('');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('sends the current and new password only, then clears the form', async () => {
    const { calls } = fakeFetch({ ...api, 'PUT /api/user/password': { status: 204 } });
    openAccount();
    const card = await screen.findByTestId('change-password');
    type('Current password', 'old-secret', card);
    type('New password', 'new-secret', card);
    type('Confirm new password', 'new-secret', card);
    fireEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        `${ACCOUNT_MESSAGES.passwordChanged.title} — ${ACCOUNT_MESSAGES.passwordChanged.description}`,
      ]),
    );
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/user/password', body: { currentPassword: 'old-secret', newPassword: 'new-secret' } },
    ]);
    expect(field('Current password', card).value).toBe('');
    expect(field('New password', card).value).toBe('');
  });

  it('puts a wrong current password at its field and a refused new password at the new one', async () => {
    let answer = { status: 401, body: { message: TOASTS.invalidCredentials } as unknown };
    fakeFetch({ ...api, 'PUT /api/user/password': () => answer });
    openAccount();
    const card = await screen.findByTestId('change-password');
    type('Current password', 'not-it', card);
    type('New password', 'new-secret', card);
    type('Confirm new password', 'new-secret', card);
    fireEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(errorOf('Current password', card)).toBe(TOASTS.invalidCredentials));
    expect(document.activeElement).toBe(field('Current password', card));

    answer = { status: 400, body: { message: VALIDATION.passwordTooCommon } };
    fireEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(errorOf('New password', card)).toBe(VALIDATION.passwordTooCommon));
    expect(errorOf('Current password', card)).toBe('');
  });
});

describe('download my data', () => {
  let clicked: Array<{ href: string; download: string }>;
  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => jest.restoreAllMocks());

  /** The api fake, plus the export answers a file (a body and a Content-Disposition). */
  function withExport(status = 200) {
    const fake = fakeFetch(api);
    const answerApi = globalThis.fetch;
    const requested: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.startsWith('/api/user/export')) return answerApi(input, init);
      requested.push(url);
      const csv = url.endsWith('format=csv');
      return {
        ok: status === 200,
        status,
        statusText: '',
        text: async () => (status === 200 ? '' : '{"message":"Something went wrong. Please try again."}'),
        blob: async () => new Blob([csv ? 'date,startTime\n' : '{}']),
        headers: {
          get: (name: string) =>
            name === 'Content-Disposition'
              ? `attachment; filename="learner-logbook-export.${csv ? 'csv' : 'json'}"`
              : null,
        },
      } as unknown as Response;
    }) as typeof fetch;
    return { fake, requested };
  }

  it('downloads the JSON file and the CSV of sessions under the names the server gives', async () => {
    const { requested } = withExport();
    openAccount();
    const card = await screen.findByTestId('download-data');
    fireEvent.click(within(card).getByRole('button', { name: 'Download all data (JSON)' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const csv = within(card).getByRole('button', { name: 'Download sessions (CSV)' }) as HTMLButtonElement;
    await waitFor(() => expect(csv.disabled).toBe(false));
    fireEvent.click(csv);
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(requested).toEqual(['/api/user/export', '/api/user/export?format=csv']);
    expect(clicked).toEqual([
      { href: 'blob:export', download: 'learner-logbook-export.json' },
      { href: 'blob:export', download: 'learner-logbook-export.csv' },
    ]);
  });

  it('says so when the download fails', async () => {
    withExport(500);
    openAccount();
    const card = await screen.findByTestId('download-data');
    fireEvent.click(within(card).getByRole('button', { name: 'Download all data (JSON)' }));
    expect(await within(card).findByText(ACCOUNT_MESSAGES.exportFailed)).toBeTruthy();
    expect(clicked).toEqual([]);
  });
});

describe('delete my account', () => {
  it('for a guardian who is not the last, says the family keeps its learners and log books', async () => {
    const guardian = (id: number, email: string, you: boolean) => ({ id, email, billingOwner: !you, you });
    fakeFetch({
      ...api,
      'GET /api/family': {
        body: {
          guardians: [guardian(10, 'bo@example.com', false), guardian(11, 'ann@example.com', true)],
          invitations: [],
          maxGuardians: 4,
        },
      },
    });
    openAccount();
    const card = await screen.findByTestId('delete-account');
    await waitFor(() => expect(card.textContent).toContain('the family keeps its log books with the other guardians'));
    const list = within(card).getByTestId('deletion-list');
    expect(list.textContent).toContain('ann@example.com');
    expect(list.textContent).toContain('You leave the family');
    expect(list.textContent).not.toContain('Sam Lee');
  });

  async function openDialog() {
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await waitFor(() => expect(document.activeElement).toBe(field('Your password', dialog)));
    return dialog;
  }

  it('asks for the password first', async () => {
    const { calls } = fakeFetch(api);
    openAccount();
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('deletion-list').textContent).toContain('Sam Lee, Kim Lee, Jo Lee');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(errorOf('Your password', dialog)).toBe(VALIDATION.passwordRequired));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('with the provider down says nothing was deleted, and a wrong password is named at the field', async () => {
    let answer = { status: 503, body: { message: ACCOUNT_MESSAGES.deleteProviderDown } as unknown };
    fakeFetch({ ...api, 'DELETE /api/user': () => answer });
    openAccount();
    const dialog = await openDialog();
    type('Your password', 'right-one', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Nothing was deleted');
    expect(alert.textContent).toContain(ACCOUNT_MESSAGES.deleteProviderDown);
    expect(location()).toBe('/account');

    // Any other failure is named as such, without claiming nothing was deleted.
    answer = { status: 502, body: undefined };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(ACCOUNT_MESSAGES.deleteFailed));
    expect(within(dialog).getByRole('alert').textContent).toContain(TOASTS.networkError);

    answer = { status: 403, body: { message: ACCOUNT_MESSAGES.currentPasswordWrong } };
    type('Your password', 'wrong-one', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(errorOf('Your password', dialog)).toBe(ACCOUNT_MESSAGES.currentPasswordWrong));
    expect(within(dialog).queryByText('Nothing was deleted')).toBeNull();
    expect(location()).toBe('/account');
  });

  it('deletes with the password, forgets the account on this device and goes to sign-in', async () => {
    rememberAccount(parentAccount(11));
    const { calls } = fakeFetch({ ...api, 'DELETE /api/user': { status: 204 } });
    openAccount();
    const dialog = await openDialog();
    type('Your password', 'right-one', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/user', body: { password: 'right-one' } },
    ]);
    expect(toastTexts()).toEqual([
      `${ACCOUNT_MESSAGES.accountDeleted.title} — ${ACCOUNT_MESSAGES.accountDeleted.description}`,
    ]);
    expect(signedInAccount()).toBeUndefined();
  });
});
