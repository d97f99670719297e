import { screen, waitFor } from '@testing-library/react';
import StudentNewSession from '../src/app/routes/StudentNewSession';
import { installFakeApi, networkDown } from './fakeApi';
import { renderRoutes } from './renderRoute';

jest.mock('mf_sessions/NewSession', () => ({
  __esModule: true,
  default: ({ studentId, viewer, backTo }: { studentId?: number; viewer: string; backTo: string }) => (
    <p data-testid="session-form">
      session form for {studentId ?? 'the student this device knows'} as {viewer}, then {backTo}
    </p>
  ),
}));

const ann = { id: 7, firstName: 'Ann', lastName: 'Lee', subscriptionStatus: 'active' };
const where = () => screen.getByTestId('where').textContent;

function open(path: string) {
  renderRoutes(path, {
    '/student-new-session': <StudentNewSession />,
    '/student-new-session/:studentId': <StudentNewSession />,
  });
}

test.each(['/student-new-session/7', '/student-new-session'])(
  '%s shows the session form for the signed-in student',
  async (path) => {
    installFakeApi({ 'GET /api/student-auth': () => ({ status: 200, body: { student: ann } }) });
    open(path);
    expect((await screen.findByTestId('session-form')).textContent).toBe(
      'session form for 7 as student, then /student-dashboard',
    );
  },
);

test.each(['/student-new-session/8', '/student-new-session/abc'])(
  "%s: another student's id never shows the form",
  async (path) => {
    installFakeApi({ 'GET /api/student-auth': () => ({ status: 200, body: { student: ann } }) });
    open(path);
    expect(await screen.findByText("This isn't your logbook")).toBeTruthy();
    expect(screen.queryByTestId('session-form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log a session in my logbook' }).getAttribute('href')).toBe(
      '/student-new-session/7',
    );
  },
);

test('offline: the session form opens for the student this device knows, left to check the id itself', async () => {
  installFakeApi({ 'GET /api/student-auth': networkDown });
  open('/student-new-session/7');
  expect((await screen.findByTestId('session-form')).textContent).toBe(
    'session form for the student this device knows as student, then /student-dashboard',
  );
});

test('a server failure is not offline: the problem and Retry, no form', async () => {
  installFakeApi({ 'GET /api/student-auth': () => ({ status: 500, body: { message: 'boom' } }) });
  open('/student-new-session/7');
  expect(await screen.findByText("We couldn't check your sign-in")).toBeTruthy();
  expect(screen.getByText('boom')).toBeTruthy();
  expect(screen.queryByTestId('session-form')).toBeNull();
});

test('signed out: to /student-login', async () => {
  installFakeApi({ 'GET /api/student-auth': () => ({ status: 401, body: { message: 'Please sign in' } }) });
  open('/student-new-session/7');
  await waitFor(() => expect(where()).toBe('/student-login'));
  expect(screen.queryByTestId('session-form')).toBeNull();
});
