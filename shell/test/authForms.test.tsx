import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ShellRouting } from '../src/lib/ShellRouting';
import useSWR, { mutate, SWRConfig } from 'swr';
import { Toaster } from '@logbook/ui/Toaster';
import { resetToasts } from '@logbook/shell-context/toasts';
import { TOASTS, VALIDATION } from '@logbook/contracts/messages';
import { STATE_CODES, SUGGESTED_STATE } from '@logbook/contracts/state-codes';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import { LoginPage } from '../src/features/auth/components/LoginPage';
import { RegisterPage } from '../src/features/auth/components/RegisterPage';

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
    statusText: status === 401 ? 'Unauthorized' : '',
    text: async () => body,
    json: async () => JSON.parse(body || 'null'),
  });
}

/** The dashboard reads the signed-in parent from the shared cache, as mf-parent's screens do. */
function DashboardScreen() {
  const { data } = useSWR<{ email: string } | null>('/api/user');
  return <h1>Dashboard screen for {data ? data.email : 'nobody'}</h1>;
}

async function renderAt(path: '/login' | '/register') {
  // An earlier screen cached "signed out".
  await act(async () => {
    await mutate('/api/user', null, { revalidate: false });
  });
  const view = render(
    <SWRConfig value={swrConfig}>
      <MemoryRouter initialEntries={[path]}>
        <ShellRouting>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/dashboard" element={<DashboardScreen />} />
          </Routes>
        </ShellRouting>
      </MemoryRouter>
      <Toaster />
    </SWRConfig>,
  );
  return view;
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

describe('sign-in', () => {
  test('an empty form names both fields and sends nothing', async () => {
    await renderAt('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(errorOf('Email')).toBe(VALIDATION.invalidEmail));
    expect(errorOf('Password')).toBe(VALIDATION.passwordRequired);
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('an invalid email is named at the email field only, and clears once corrected', async () => {
    await renderAt('/login');
    type('Email', 'parent@');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(errorOf('Email')).toBe(VALIDATION.invalidEmail));
    expect(errorOf('Password')).toBe('');
    type('Email', 'parent@example.com');
    expect(errorOf('Email')).toBe('');
  });

  test('keeps every field typed, even when the next arrives before the screen has redrawn', async () => {
    respond(200, '{}');
    respond(200, '{"id":1,"email":"parent@example.com"}');
    await renderAt('/login');
    // A slow device: the second field's change is handled by the same render as the first, before it redrew.
    const onChangeOf = (label: string) => {
      const input = field(label) as unknown as Record<string, { onChange: (e: unknown) => void }>;
      return input[Object.keys(input).find((k) => k.startsWith('__reactProps$'))!].onChange;
    };
    const [emailChanged, passwordChanged] = [onChangeOf('Email'), onChangeOf('Password')];
    act(() => {
      emailChanged({ target: { value: 'parent@example.com' } });
      passwordChanged({ target: { value: 'secret1' } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/login');
    expect(JSON.parse(init.body)).toEqual({ email: 'parent@example.com', password: 'secret1' });
    expect(await screen.findByText('Dashboard screen for parent@example.com')).toBeTruthy();
  });

  test('success shows the toast and goes to /dashboard; the button reads Signing in... meanwhile', async () => {
    let release: () => void = () => {};
    fetchMock.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve({ ok: true, status: 200, statusText: 'OK', text: async () => '{}', json: async () => ({}) });
        }),
    );
    respond(200, '{"id":1,"email":"parent@example.com"}');
    await renderAt('/login');
    type('Email', ' Parent@Example.com ');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/login');
    expect(JSON.parse(init.body)).toEqual({ email: 'parent@example.com', password: 'secret1' });
    await act(async () => release());
    expect(await screen.findByText('Dashboard screen for parent@example.com')).toBeTruthy();
    expect(screen.getByText(TOASTS.loginSuccess.title)).toBeTruthy();
    expect(screen.getByText(TOASTS.loginSuccess.description)).toBeTruthy();
    // The signed-in user replaces whatever "signed out" answer was cached before.
    expect(fetchMock.mock.calls[1][0]).toBe('/api/user');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test("a refusal shows 'Login failed' with the server's message, or 'Invalid credentials'", async () => {
    respond(401, '{"message":"Too many attempts. Please wait a few minutes and try again."}');
    await renderAt('/login');
    type('Email', 'parent@example.com');
    type('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many attempts. Please wait a few minutes and try again.')).toBeTruthy();
    expect(screen.getByText(TOASTS.loginFailed)).toBeTruthy();

    respond(401, '');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(TOASTS.invalidCredentials)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  test('a network failure says so', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await renderAt('/login');
    type('Email', 'parent@example.com');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(TOASTS.networkError)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('registration', () => {
  test('each rule is named at the field that breaks it', async () => {
    await renderAt('/register');
    type('Email', 'not-an-email');
    type('Password', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(errorOf('Email')).toBe(VALIDATION.invalidEmail));
    expect(errorOf('Password')).toBe(VALIDATION.passwordMin);
    expect(errorOf('Confirm Password')).toBe(VALIDATION.confirmPassword);

    type('Email', 'parent@example.com');
    type('Password', '123456');
    type('Confirm Password', '1234567');
    expect(errorOf('Email')).toBe('');
    expect(errorOf('Password')).toBe('');
    expect(errorOf('Confirm Password')).toBe(VALIDATION.passwordsDontMatch);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test("success sends email, password and the family's state (South Australia unless chosen), shows the toast and goes to /login", async () => {
    let release: () => void = () => {};
    fetchMock.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              ok: true,
              status: 201,
              statusText: 'Created',
              // The one answer a registration gets, whether or not the address already had an account.
              text: async () => JSON.stringify({ message: TOASTS.registrationSuccess.description }),
              json: async () => ({ message: TOASTS.registrationSuccess.description }),
            });
        }),
    );
    await renderAt('/register');
    type('Email', 'parent@example.com');
    type('Password', 'secret12');
    type('Confirm Password', 'secret12');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText(TOASTS.registrationSuccess.title)).toBeTruthy();
    expect(screen.getByText(TOASTS.registrationSuccess.description)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/register');
    expect(JSON.parse(init.body)).toEqual({ email: 'parent@example.com', password: 'secret12', state: 'SA' });
  });

  test('asks the family for its state or territory, by name, and sends the one chosen', async () => {
    respond(201, JSON.stringify({ message: TOASTS.registrationSuccess.description }));
    await renderAt('/register');
    const state = screen.getByLabelText('Your State or Territory') as HTMLSelectElement;
    expect(state.value).toBe('SA');
    expect(Array.from(state.options).map((o) => o.textContent)).toEqual([
      'South Australia',
      'New South Wales',
      'Victoria',
      'Queensland',
      'Western Australia',
      'Tasmania',
      'Australian Capital Territory',
      'Northern Territory',
    ]);
    expect(Array.from(state.options).map((o) => o.value)).toEqual([...STATE_CODES]);
    expect(state.value).toBe(SUGGESTED_STATE);
    fireEvent.change(state, { target: { value: 'QLD' } });
    type('Email', 'parent@example.com');
    type('Password', 'secret12');
    type('Confirm Password', 'secret12');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({
      email: 'parent@example.com',
      password: 'secret12',
      state: 'QLD',
    });
  });

  test("a refusal shows 'Registration failed' with the server's message or the default", async () => {
    respond(400, JSON.stringify({ message: VALIDATION.passwordTooCommon }));
    await renderAt('/register');
    type('Email', 'parent@example.com');
    type('Password', 'secret12');
    type('Confirm Password', 'secret12');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(VALIDATION.passwordTooCommon)).toBeTruthy();
    expect(screen.getByText(TOASTS.registrationFailed)).toBeTruthy();

    respond(500, '');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByText(TOASTS.registrationError)).toBeTruthy());

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(TOASTS.networkError)).toBeTruthy();
  });
});
