import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ShellRouting } from '../src/lib/ShellRouting';
import { Toaster } from '@logbook/ui/Toaster';
import { resetToasts } from '@logbook/shell-context/toasts';
import { PASSWORD_RESET, TOASTS, VALIDATION } from '@logbook/contracts/messages';
import { paths, routePatterns } from '@logbook/shell-context/routes';
import { ForgotPasswordPage } from '../src/features/auth/components/ForgotPasswordPage';
import { LoginPage } from '../src/features/auth/components/LoginPage';
import { ResetPasswordPage } from '../src/features/auth/components/ResetPasswordPage';

const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  act(() => resetToasts());
});

function respond(status: number, body = '') {
  fetchMock.mockResolvedValueOnce({
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    text: async () => body,
    json: async () => JSON.parse(body || 'null'),
  });
}

/** Where the router is, as the address bar shows it. */
function ShownAddress() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="address">{`${pathname}${search}${hash}`}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ShellRouting>
        <ShownAddress />
        <Routes>
          <Route path={routePatterns.login} element={<LoginPage />} />
          <Route path={routePatterns.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={routePatterns.resetPassword} element={<ResetPasswordPage />} />
        </Routes>
        <Toaster />
      </ShellRouting>
    </MemoryRouter>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

/** The message tied to an input through aria-describedby. */
function errorOf(label: string): string {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert')?.textContent ?? ''
  );
}

const sent = () => fetchMock.mock.calls.map(([url, init]) => [url, init?.method, JSON.parse(init?.body ?? 'null')]);

describe('forgot password', () => {
  test('sign-in links to it', async () => {
    renderAt(paths.login);
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
  });

  test('an invalid email is named at the field and nothing is sent', async () => {
    renderAt(paths.forgotPassword);
    type('Email', 'parent@');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(errorOf('Email')).toBe(VALIDATION.invalidEmail));
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test("sends the address and shows the server's words in place of the form, with focus on them", async () => {
    const words = 'If an account uses that address, a link is on its way.';
    respond(202, JSON.stringify({ message: words }));
    renderAt(paths.forgotPassword);
    type('Email', ' Parent@Example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(words)).toBeTruthy();
    expect(sent()).toEqual([['/api/password-reset', 'POST', { email: 'parent@example.com' }]]);
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('reset-requested'));
    expect(screen.getByText(PASSWORD_RESET.requestedTitle)).toBeTruthy();

    // Another address: the form comes back.
    fireEvent.click(screen.getByRole('button', { name: 'try another address' }));
    expect(field('Email').value.trim()).toBe('Parent@Example.com');
  });

  test('an empty 202 shows the page’s own words; a rate limit and a network failure are toasts', async () => {
    respond(202, '');
    renderAt(paths.forgotPassword);
    type('Email', 'parent@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(PASSWORD_RESET.requested)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'try another address' }));
    respond(429, '{"message":"Too many attempts. Please wait a few minutes and try again."}');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Too many attempts. Please wait a few minutes and try again.')).toBeTruthy();

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(TOASTS.networkError)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });
});

describe('reset password', () => {
  const resetPath = `${paths.resetPassword}#token=abc123`;
  const address = () => screen.getByTestId('address').textContent;

  test('checks the registration rules and the confirmation before sending', async () => {
    renderAt(resetPath);
    type('New password', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(errorOf('New password')).toBe(VALIDATION.passwordMin));
    expect(errorOf('Confirm new password')).toBe(VALIDATION.confirmPassword);
    type('New password', 'a-better-one');
    type('Confirm new password', 'a-better-two');
    expect(errorOf('New password')).toBe('');
    expect(errorOf('Confirm new password')).toBe(VALIDATION.passwordsDontMatch);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('takes the token from the fragment and out of the address at once', async () => {
    renderAt(resetPath);
    await waitFor(() => expect(address()).toBe(paths.resetPassword));
    expect(screen.getByLabelText('New password', { selector: 'input' })).toBeTruthy();
  });

  test.each([
    ['the fragment', resetPath],
    ['the query string of a link sent before', `${paths.resetPassword}?token=abc123`],
  ])('sends the token from %s in the body with the new password only, then goes to sign-in', async (_from, path) => {
    respond(200, '{}');
    renderAt(path);
    await waitFor(() => expect(address()).toBe(paths.resetPassword));
    type('New password', 'a-better-one');
    type('Confirm new password', 'a-better-one');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(sent()).toEqual([['/api/password-reset/confirm', 'POST', { token: 'abc123', password: 'a-better-one' }]]);
    expect(screen.getByText(PASSWORD_RESET.passwordSet.title)).toBeTruthy();
  });

  test.each([
    [400, 'This link has expired'],
    [410, 'This link was already used'],
    [404, ''],
  ])('a refused token (%i) reads one clear message with a link to ask again', async (status, message) => {
    respond(status, message ? JSON.stringify({ message }) : '');
    renderAt(resetPath);
    type('New password', 'a-better-one');
    type('Confirm new password', 'a-better-one');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_RESET.linkProblemTitle)).toBeTruthy();
    expect(screen.getByText(PASSWORD_RESET.linkProblem)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('reset-link-problem'));
    fireEvent.click(screen.getByRole('link', { name: PASSWORD_RESET.askAgain }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
  });

  test('a link without a token says so at once', () => {
    renderAt(paths.resetPassword);
    expect(screen.getByText(PASSWORD_RESET.linkProblemTitle)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  test('a password the server refuses by rule is named at the field, and the link stays usable', async () => {
    respond(400, JSON.stringify({ message: VALIDATION.passwordTooCommon }));
    renderAt(resetPath);
    type('New password', 'password1');
    type('Confirm new password', 'password1');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(errorOf('New password')).toBe(VALIDATION.passwordTooCommon));
    expect(screen.queryByText(PASSWORD_RESET.linkProblemTitle)).toBeNull();
    type('New password', 'a-better-one');
    expect(errorOf('New password')).toBe('');
  });
});
