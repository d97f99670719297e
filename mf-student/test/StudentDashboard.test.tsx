import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { getToasts, resetToasts } from '@logbook/shell-context/toasts';
import StudentDashboard from '../src/app/routes/StudentDashboard';
import { installFakeApi, networkDown } from './fakeApi';
import { renderRoutes } from './renderRoute';

// Every mf_* module maps to one stub in jest: stand in for mf-sessions' widgets with one that shows its props.
jest.mock('mf_sessions/ProgressSummary', () => ({
  __esModule: true,
  default: function SessionsWidget({ studentId }: { studentId: number }) {
    // Reads the student's sessions through the shared cache with the shell's defaults, as mf-sessions does.
    const useSWR = jest.requireActual('swr').default;
    const { data } = useSWR(`/api/driving-sessions/${studentId}`) as { data?: unknown[] };
    const auth = useSWR('/api/student-auth', { revalidateOnMount: false }) as { error?: unknown };
    return (
      <p data-testid="sessions-widget">
        widget for {studentId}: {data ? `${data.length} sessions` : 'loading'}
        {auth.error ? ', sign-in error' : ''}
      </p>
    );
  },
}));

const ann = { id: 7, firstName: 'Ann', lastName: 'Lee', subscriptionStatus: 'active' };
const where = () => screen.getByTestId('where').textContent;
const dashboard = () => renderRoutes('/student-dashboard', { '/student-dashboard': <StudentDashboard /> });

beforeEach(() => resetToasts());
afterEach(() => act(() => resetToasts()));

test("shows the student's name, 'Student Dashboard', the badge and the four mf-sessions widgets for this student", async () => {
  installFakeApi({
    'GET /api/student-auth': () => ({ status: 200, body: { student: ann } }),
    'GET /api/driving-sessions/7': () => ({ status: 200, body: [{ id: 1 }, { id: 2 }] }),
  });
  dashboard();
  expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeTruthy();
  expect(screen.getByText('Student Dashboard')).toBeTruthy();
  expect(screen.getByTestId('subscription-badge').textContent).toBe('Active');
  await waitFor(() =>
    // The live drive (Start Drive), the progress summary, the pace panel and the history.
    expect(screen.getAllByTestId('sessions-widget').map((w) => w.textContent)).toEqual([
      'widget for 7: 2 sessions',
      'widget for 7: 2 sessions',
      'widget for 7: 2 sessions',
      'widget for 7: 2 sessions',
    ]),
  );
  expect(screen.getByRole('link', { name: 'New Session' }).getAttribute('href')).toBe('/student-new-session/7');
  expect(where()).toBe('/student-dashboard');
});

test('the widgets read the sessions afresh, even when an older list is cached', async () => {
  const { calls } = installFakeApi({
    'GET /api/student-auth': () => ({ status: 200, body: { student: ann } }),
    'GET /api/driving-sessions/7': () => ({ status: 200, body: [{ id: 1 }, { id: 2 }, { id: 3 }] }),
  });
  renderRoutes('/student-dashboard', { '/student-dashboard': <StudentDashboard /> }, { '/api/driving-sessions/7': [] });
  await waitFor(() => expect(screen.getAllByTestId('sessions-widget')[0].textContent).toBe('widget for 7: 3 sessions'));
  expect(calls.some((c) => c.url === '/api/driving-sessions/7')).toBe(true);
});

test('offline, a student already known stays on the dashboard, and the shared cache holds no error', async () => {
  installFakeApi({ 'GET /api/student-auth': networkDown, 'GET /api/driving-sessions/7': networkDown });
  renderRoutes(
    '/student-dashboard',
    { '/student-dashboard': <StudentDashboard /> },
    { '/api/student-auth': { student: ann }, '/api/driving-sessions/7': [{ id: 1 }] },
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeTruthy();
  await waitFor(() => expect(globalThis.fetch).toHaveBeenCalledWith('/api/student-auth', expect.anything()));
  await act(async () => new Promise((r) => setTimeout(r, 20)));
  expect(screen.queryByText('Your dashboard could not load')).toBeNull();
  expect(screen.getAllByTestId('sessions-widget')[0].textContent).toBe('widget for 7: 1 sessions');
});

test.each([['past_due'], ['canceled'], ['inactive'], ['something-else']])(
  'a %s student reads Inactive',
  async (status) => {
    installFakeApi({
      'GET /api/student-auth': () => ({ status: 200, body: { student: { ...ann, subscriptionStatus: status } } }),
    });
    dashboard();
    expect((await screen.findByTestId('subscription-badge')).textContent).toBe('Inactive');
  },
);

test('a 401 from student-auth sends the visitor to /student-login', async () => {
  installFakeApi({ 'GET /api/student-auth': () => ({ status: 401, body: { message: 'Please sign in' } }) });
  dashboard();
  await waitFor(() => expect(where()).toBe('/student-login'));
});

test('an answer not in the contract’s form shows the error with Retry, and does not sign the student out', async () => {
  installFakeApi({ 'GET /api/student-auth': () => ({ status: 200, body: { student: null } }) });
  dashboard();
  expect(await screen.findByText('Your dashboard could not load')).toBeTruthy();
  expect(screen.getByText(/The server sent an answer this page cannot read\./)).toBeTruthy();
  expect(where()).toBe('/student-dashboard');
});

test('a server failure shows the error with Retry, and does not sign the student out', async () => {
  let fail = true;
  installFakeApi({
    'GET /api/student-auth': () =>
      fail ? { status: 500, body: { message: 'boom' } } : { status: 200, body: { student: ann } },
  });
  dashboard();
  expect(await screen.findByText('Your dashboard could not load')).toBeTruthy();
  expect(screen.getByText('boom')).toBeTruthy();
  expect(where()).toBe('/student-dashboard');
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeTruthy();
});

test('offline with nothing cached: the dashboard says so and offers Retry', async () => {
  installFakeApi({ 'GET /api/student-auth': networkDown });
  dashboard();
  expect(await screen.findByText('Your dashboard could not load')).toBeTruthy();
  expect(
    screen.getByText("You're offline or the server can't be reached. Check your connection and try again."),
  ).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  expect(where()).toBe('/student-dashboard');
});

test('Logout posts to /api/student-logout and goes to /student-login', async () => {
  const { calls } = installFakeApi({
    'GET /api/student-auth': () => ({ status: 200, body: { student: ann } }),
    'GET /api/driving-sessions/7': () => ({ status: 200, body: [] }),
    'POST /api/student-logout': () => ({ status: 200, body: { ok: true } }),
  });
  localStorage.setItem('logbook.sessions.signedInStudent', JSON.stringify(ann));
  dashboard();
  fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(where()).toBe('/student-login'));
  expect(calls.some((c) => c.method === 'POST' && c.url === '/api/student-logout')).toBe(true);
  // The copy mf-sessions keeps for offline use goes too, so the next person on this device is not Ann.
  expect(localStorage.getItem('logbook.sessions.signedInStudent')).toBeNull();
});

test.each([
  ['the server refuses', () => ({ status: 500, body: { message: 'boom' } })],
  ['the network is down', networkDown],
])("Logout when %s: 'Failed to logout', still on the dashboard", async (_, answer) => {
  installFakeApi({
    'GET /api/student-auth': () => ({ status: 200, body: { student: ann } }),
    'GET /api/driving-sessions/7': () => ({ status: 200, body: [] }),
    'POST /api/student-logout': answer,
  });
  dashboard();
  fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(getToasts()[0]?.description).toBe('Failed to logout'));
  expect(getToasts()[0]?.variant).toBe('destructive');
  expect(where()).toBe('/student-dashboard');
  expect(screen.getByRole('heading', { level: 1, name: 'Ann Lee' })).toBeTruthy();
});

test("Download PDF opens the student's own PDF in a new tab", async () => {
  installFakeApi({
    'GET /api/student-auth': () => ({ status: 200, body: { student: ann } }),
    'GET /api/driving-sessions/7': () => ({ status: 200, body: [] }),
  });
  const tab = { opener: window } as unknown as Window;
  const open = jest.spyOn(window, 'open').mockReturnValue(tab);
  dashboard();
  fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
  expect(open).toHaveBeenCalledWith('/api/driving-sessions/7/pdf', '_blank');
  expect(tab.opener).toBeNull();
  open.mockRestore();
});
