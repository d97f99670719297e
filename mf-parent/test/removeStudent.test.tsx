import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@logbook/contracts/messages';
import { computeProgress } from '@logbook/contracts/progress';
import type { Student } from '@logbook/contracts/schemas';
import { resetToasts } from '@logbook/shell-context/toasts';
import StudentForm from '../src/app/routes/StudentForm';
import { removalText } from '../src/features/students/utils/removalText';
import { fakeFetch, renderWithProviders, toastTexts } from './render';

const sam: Student = {
  id: 7,
  firstName: 'Sam',
  lastName: 'Lee',
  dateOfBirth: '2008-04-02',
  licenseNumber: 'L123',
  subscriptionStatus: 'active',
  hasStudentLogin: true,
  studentUsername: 'sam.lee',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const summaryOf = (sessions: number) => ({
  ...computeProgress(
    Array.from({ length: sessions }, () => ({ duration: '1.0 hours', timeOfDay: 'day' as const })),
    { day: 75, night: 15 },
  ),
  openingBalance: null,
});
const api = {
  'GET /api/user': { body: { id: 1, email: 'parent@example.com' } },
  'GET /api/students/7': { body: sam },
  'GET /api/students': { body: [] },
  'GET /api/students/7/opening-balance': { body: null },
};
const location = () => screen.getByTestId('location').textContent;
const openEdit = () => renderWithProviders(<StudentForm />, { path: '/students/7', route: '/students/:id' });

beforeEach(() => act(() => resetToasts()));

describe('what removing a student says', () => {
  it('names the student and counts their sessions, in the singular too', () => {
    expect(removalText(sam, 3)).toBe(
      "This removes Sam Lee and Sam's 3 driving sessions with every signature, ends Sam's student login and " +
        "stops Sam's subscription. The month already paid for is not refunded. It cannot be undone.",
    );
    expect(removalText(sam, 1)).toContain("Sam Lee and Sam's 1 driving session with every signature");
    expect(removalText(sam, 0)).toContain('Sam Lee, who has no driving sessions yet, ends');
    expect(removalText(sam, undefined)).toContain('Sam Lee and every driving session with its signatures');
  });

  it('speaks of a login and a subscription only when the student has them', () => {
    expect(removalText({ ...sam, hasStudentLogin: false }, 0)).toBe(
      "This removes Sam Lee, who has no driving sessions yet, and stops Sam's subscription. The month already paid " +
        'for is not refunded. It cannot be undone.',
    );
    expect(removalText({ ...sam, hasStudentLogin: false, subscriptionStatus: 'canceled' }, 2)).toBe(
      "This removes Sam Lee and Sam's 2 driving sessions with every signature. It cannot be undone.",
    );
  });
});

describe('remove student on the Edit Student screen', () => {
  it('asks with the name and the number of sessions, offers the PDF first, and Cancel keeps the student', async () => {
    const { calls } = fakeFetch({ ...api, 'GET /api/driving-sessions/7/summary': { body: summaryOf(3) } });
    openEdit();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sam Lee?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(removalText(sam, 3));
    const pdf = within(dialog).getByRole('link', { name: "Download Sam's PDF log book" });
    expect(pdf.getAttribute('href')).toBe('/api/driving-sessions/7/pdf');
    expect(pdf.hasAttribute('download')).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(location()).toBe('/students/7');
  });

  it('removes the student, says so and goes back to the dashboard', async () => {
    const { calls } = fakeFetch({
      ...api,
      'GET /api/driving-sessions/7/summary': { body: summaryOf(2) },
      'DELETE /api/students/7': { status: 204 },
    });
    openEdit();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sam Lee?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Sam' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/students/7']);
    expect(toastTexts()).toEqual([ACCOUNT_MESSAGES.studentRemoved('Sam Lee')]);
    // The list is asked again, so the dashboard opens without the removed student.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/students').length).toBeGreaterThan(0));
  });

  it("a refusal keeps the student and shows the server's message", async () => {
    fakeFetch({
      ...api,
      'GET /api/driving-sessions/7/summary': { body: summaryOf(0) },
      'DELETE /api/students/7': { status: 503, body: { message: 'The payment provider could not be reached' } },
    });
    openEdit();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sam Lee?' });
    expect(within(dialog).getByText(removalText(sam, 0))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Sam' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        `${ACCOUNT_MESSAGES.studentRemoveFailed} — The payment provider could not be reached`,
      ]),
    );
    expect(location()).toBe('/students/7');
    expect(screen.getByRole('dialog', { name: 'Remove Sam Lee?' })).toBeTruthy();
  });

  it('still asks, without a number, when the sessions cannot be counted', async () => {
    fakeFetch({ ...api, 'GET /api/driving-sessions/7/summary': { status: 500, body: { message: 'down' } } });
    openEdit();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sam Lee?' });
    expect(within(dialog).getByText(removalText(sam, undefined))).toBeTruthy();
  });

  it('is not offered while adding a student', async () => {
    fakeFetch(api);
    renderWithProviders(<StudentForm />, { path: '/students/new', route: '/students/new' });
    expect(await screen.findByRole('button', { name: 'Create Student' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove student' })).toBeNull();
  });
});
