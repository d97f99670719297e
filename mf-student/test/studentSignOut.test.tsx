import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { SIGN_OUT_WAITING } from '@logbook/contracts/messages';
import { signedInAccount, studentAccount } from '@logbook/session-device/deviceAccount';
import { provideWaitingSessions } from '@logbook/shell-context/outboxAccess';
import { resetToasts } from '@logbook/shell-context/toasts';
import StudentDashboard from '../src/app/routes/StudentDashboard';
import { installFakeApi } from './fakeApi';
import { renderRoutes } from './renderRoute';

const ann = { id: 7, firstName: 'Ann', lastName: 'Lee', subscriptionStatus: 'active' };
const where = () => screen.getByTestId('where').textContent;
const dashboard = () => renderRoutes('/student-dashboard', { '/student-dashboard': <StudentDashboard /> });

beforeEach(() => {
  localStorage.clear();
  resetToasts();
});
afterEach(() => {
  provideWaitingSessions(undefined);
  act(() => resetToasts());
});

test("a signed-in student's drafts and outbox are kept under the student's own account", async () => {
  installFakeApi({ 'GET /api/student-auth': () => ({ status: 200, body: { student: ann } }) });
  dashboard();
  await waitFor(() => expect(signedInAccount()).toBe(studentAccount(7)));
});

test('Logout with sessions not sent yet asks first; signing out anyway keeps them for the student', async () => {
  const { calls } = installFakeApi({
    'GET /api/student-auth': () => ({ status: 200, body: { student: ann } }),
    'POST /api/student-logout': () => ({ status: 200, body: { ok: true } }),
  });
  const sendWaiting = jest.fn(async () => 2);
  const waitingCount = jest.fn(async (account: string) => (account === studentAccount(7) ? 2 : 0));
  provideWaitingSessions(async () => ({ waitingCount, sendWaiting }));
  dashboard();
  await waitFor(() => expect(signedInAccount()).toBe(studentAccount(7)));
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Logout' })));

  await screen.findByText(SIGN_OUT_WAITING.description(2));
  expect(screen.getByText(SIGN_OUT_WAITING.description(2)).textContent).toMatch(/^2 sessions have not been sent yet/);
  expect(calls.some((c) => c.url === '/api/student-logout')).toBe(false);

  await act(async () => fireEvent.click(screen.getByRole('button', { name: SIGN_OUT_WAITING.signOut })));
  await waitFor(() => expect(where()).toBe('/student-login'));
  expect(calls.some((c) => c.method === 'POST' && c.url === '/api/student-logout')).toBe(true);
  expect(sendWaiting).not.toHaveBeenCalled();
  expect(signedInAccount()).toBeUndefined();
});
