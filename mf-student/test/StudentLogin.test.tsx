import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { getToasts, resetToasts } from '@logbook/shell-context/toasts';
import useSWR from 'swr';
import { fetcherOr401Null } from '@logbook/shell-context/swrConfig';
import StudentLogin from '../src/app/routes/StudentLogin';
import { installFakeApi, networkDown, type Route } from './fakeApi';
import { renderRoutes } from './renderRoute';

const ann = { id: 7, firstName: 'Ann', lastName: 'Lee', subscriptionStatus: 'active' };
const where = () => screen.getByTestId('where').textContent;
const signedOut: Route = () => ({ status: 401, body: { message: 'Please sign in' } });

/** Reads the signed-in student from the shared cache the way mf-sessions does (the raw answer's `student`). */
function OtherRemote() {
  const { data } = useSWR<{ student?: { firstName: string } } | null>('/api/student-auth', fetcherOr401Null);
  return <p data-testid="other-remote">{data?.student?.firstName ?? 'nobody'}</p>;
}

function loginScreen() {
  renderRoutes('/student-login', {
    '/student-login': <StudentLogin />,
    '/student-dashboard': <OtherRemote />,
  });
}

async function fillAndSubmit(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => resetToasts());
afterEach(() => act(() => resetToasts()));

test('shows the fields, the toggle, Sign In and the hint', async () => {
  installFakeApi({ 'GET /api/student-auth': signedOut });
  loginScreen();
  expect(await screen.findByRole('heading', { name: 'Student Login' })).toBeTruthy();
  expect(screen.getByLabelText('Username')).toBeTruthy();
  expect(
    screen.getByText(/Don't have login credentials\? Ask your parent or guardian to create an account for you\./),
  ).toBeTruthy();
});

test('the show/hide toggle reveals the password and says so', async () => {
  installFakeApi({ 'GET /api/student-auth': signedOut });
  loginScreen();
  const password = (await screen.findByLabelText('Password')) as HTMLInputElement;
  const toggle = screen.getByRole('button', { name: 'Show password' });
  expect(password.type).toBe('password');
  expect(toggle.getAttribute('aria-pressed')).toBe('false');
  fireEvent.click(toggle);
  expect(password.type).toBe('text');
  expect(toggle.getAttribute('aria-pressed')).toBe('true');
  expect(toggle.getAttribute('aria-label')).toBe('Hide password');
  fireEvent.click(toggle);
  expect(password.type).toBe('password');
});

test("empty or blank fields: 'Please enter both username and password', nothing sent, clears once fixed", async () => {
  const { calls } = installFakeApi({ 'GET /api/student-auth': signedOut });
  loginScreen();
  await fillAndSubmit('   ', '');
  expect((await screen.findByRole('alert')).textContent).toBe('Please enter both username and password');
  expect((screen.getByLabelText('Username') as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann.lee' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
  expect(screen.queryByRole('alert')).toBeNull();
});

test("success: 'Welcome back {firstName}' and the dashboard", async () => {
  const { calls } = installFakeApi({
    'GET /api/student-auth': signedOut,
    'POST /api/student-login': () => ({ status: 200, body: { student: ann } }),
  });
  loginScreen();
  await fillAndSubmit(' ann.lee ', 'secret1');
  await waitFor(() => expect(where()).toBe('/student-dashboard'));
  expect(getToasts()[0]?.title).toBe('Welcome back Ann');
  expect(screen.getByTestId('other-remote').textContent).toBe('Ann');
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    studentUsername: 'ann.lee',
    studentPassword: 'secret1',
  });
});

test('Sign In reads Signing in... while the request is pending', async () => {
  let answer: (value: { status: number; body: unknown }) => void = () => undefined;
  installFakeApi({
    'GET /api/student-auth': signedOut,
    'POST /api/student-login': () => new Promise((resolve) => (answer = resolve)),
  });
  loginScreen();
  await fillAndSubmit('ann.lee', 'secret1');
  const pending = await screen.findByRole('button', { name: 'Signing in...' });
  expect((pending as HTMLButtonElement).disabled).toBe(true);
  await act(async () => answer({ status: 401, body: { message: 'Invalid credentials' } }));
  expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
});

test.each([
  [
    "the server's message",
    () => ({ status: 401, body: { message: 'Too many attempts. Please wait a few minutes and try again.' } }),
    'Too many attempts. Please wait a few minutes and try again.',
  ],
  ["'Invalid credentials' when the server sends none", () => ({ status: 401 }), 'Invalid credentials'],
  ['the network error text', networkDown, 'An error occurred. Please try again.'],
] as [string, Route, string][])("failure: 'Login Failed' with %s", async (_, route, description) => {
  installFakeApi({ 'GET /api/student-auth': signedOut, 'POST /api/student-login': route });
  loginScreen();
  await fillAndSubmit('ann.lee', 'wrong-password');
  await waitFor(() =>
    expect(getToasts()[0]).toMatchObject({ title: 'Login Failed', description, variant: 'destructive' }),
  );
  expect(where()).toBe('/student-login');
});

test('a student already signed in goes straight to the dashboard', async () => {
  installFakeApi({ 'GET /api/student-auth': () => ({ status: 200, body: { student: ann } }) });
  loginScreen();
  await waitFor(() => expect(where()).toBe('/student-dashboard'));
});
