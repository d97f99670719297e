import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Student } from '@logbook/contracts/schemas';
import Dashboard from '../src/app/routes/Dashboard';
import { fakeFetch, renderWithProviders } from './render';

const student = (overrides: Partial<Student>): Student => ({
  id: 1,
  firstName: 'Sam',
  lastName: 'Lee',
  dateOfBirth: '2008-04-02',
  licenseNumber: null,
  subscriptionStatus: 'inactive',
  hasStudentLogin: false,
  studentUsername: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const user = { 'GET /api/user': { body: { id: 1, email: 'parent@example.com' } } };
const location = () => screen.getByTestId('location').textContent;
const open = () => renderWithProviders(<Dashboard />, { path: '/dashboard', route: '/dashboard' });

beforeEach(() => localStorage.clear());

describe('parent dashboard', () => {
  it('sends the visitor to /login when the user call fails', async () => {
    fakeFetch({ 'GET /api/user': { status: 401 } });
    open();
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('shows the header, Add Student, and the empty state', async () => {
    fakeFetch({ ...user, 'GET /api/students': { body: [] } });
    open();
    await screen.findByText('No students yet');
    expect(screen.getByText('Learner Logbook')).toBeTruthy();
    expect(screen.getByTestId('user-email').textContent).toBe('parent@example.com');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/admin-settings');
    expect(screen.getByRole('link', { name: 'Add Student' }).getAttribute('href')).toBe('/students/new');
    expect(screen.getByRole('link', { name: 'Add First Student' }).getAttribute('href')).toBe('/students/new');
  });

  it('shows a card per student with its details, badge and the three actions', async () => {
    fakeFetch({
      ...user,
      'GET /api/students': {
        body: [
          student({
            id: 1,
            licenseNumber: 'L123',
            subscriptionStatus: 'active',
            hasStudentLogin: true,
            studentUsername: 'sam',
          }),
          student({
            id: 2,
            firstName: 'Alex',
            lastName: 'Ng',
            dateOfBirth: '2009-01-15',
            subscriptionStatus: 'past_due',
          }),
        ],
      },
      'GET /api/driving-sessions/1/summary': {
        body: {
          dayHours: 0,
          nightHours: 0,
          totalHours: 0,
          targets: { day: 75, night: 25, total: 100 },
          percent: { day: 0, night: 0, total: 0 },
          remaining: { day: 75, night: 25, total: 100 },
          badge: 'Getting Started',
          sessionCount: 0,
          openingBalance: null,
        },
      },
    });
    open();
    const cards = await screen.findAllByTestId('student-overview');
    expect(cards).toHaveLength(2);
    const [sam, alex] = cards;
    expect(within(sam).getByRole('heading', { name: 'Sam Lee' })).toBeTruthy();
    expect(sam.textContent).toContain('2 Apr 2008');
    expect(sam.textContent).toContain('L123');
    expect(within(sam).getByTestId('subscription-badge').textContent).toContain('Active');
    expect(within(sam).getByRole('link', { name: 'View Sessions' }).getAttribute('href')).toBe('/students/1/sessions');
    expect(within(sam).getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe('/students/1/subscribe');
    expect(within(sam).getByRole('link', { name: 'Edit Student' }).getAttribute('href')).toBe('/students/1');
    expect(within(alex).getByTestId('subscription-badge').textContent).toContain('Past Due');
    expect(alex.textContent).not.toContain('License number');
    expect(within(alex).getAllByRole('link', { name: 'Subscribe' })[0].getAttribute('href')).toBe(
      '/students/2/subscribe',
    );
    expect(within(alex).getByTestId('student-login-inactive')).toBeTruthy();
    await within(sam).findByText('0.0 / 100.0 hours');
  });

  it('offers a retry when the students cannot be loaded', async () => {
    let fail = true;
    fakeFetch({ ...user, 'GET /api/students': () => (fail ? { status: 503 } : { body: [] }) });
    open();
    await screen.findByText('Your students could not be loaded');
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await screen.findByText('No students yet');
  });

  it('logs out with POST /api/logout and goes to /login', async () => {
    const { calls } = fakeFetch({
      ...user,
      'GET /api/students': { body: [] },
      'POST /api/logout': { body: { ok: true } },
    });
    open();
    await screen.findByText('No students yet');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Logout' })));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/logout')).toBe(true);
  });
});
