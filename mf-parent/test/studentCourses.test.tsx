import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { TOASTS } from '@logbook/contracts/messages';
import { COURSE_MESSAGES } from '@logbook/contracts/student-courses';
import { localDateISO } from '@logbook/contracts/dates';
import { resetToasts } from '@logbook/shell-context/toasts';
import StudentForm from '../src/app/routes/StudentForm';
import { fakeFetch, renderWithProviders, toastTexts } from './render';

const user = { 'GET /api/user': { body: { id: 1, email: 'parent@example.com' } } };
const sam = {
  id: 7,
  firstName: 'Sam',
  lastName: 'Lee',
  dateOfBirth: '2008-04-02',
  licenseNumber: 'L123',
  subscriptionStatus: 'active',
  hasStudentLogin: false,
  studentUsername: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const SDC_LABEL = 'Safer Drivers Course Completed On (Optional)';
const tomorrow = () => {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return localDateISO(d);
};

beforeEach(() => resetToasts());

function editIn(state: string | null, student: object = sam) {
  const settings = state ? [{ key: 'state', value: state }] : [{ key: 'dayTimeTargetHours', value: '60' }];
  const fetched = fakeFetch({
    ...user,
    'GET /api/settings': { body: settings },
    'GET /api/students/7': { body: student },
    'PUT /api/students/7': (body) => ({ body: { ...sam, ...(body as object) } }),
  });
  renderWithProviders(<StudentForm />, { path: '/students/7', route: '/students/:id' });
  return fetched;
}

describe("the courses the learner completed, on the student's details", () => {
  it("asks a New South Wales family for the Safer Drivers Course's day only, and sends it with the details", async () => {
    const { calls } = editIn('NSW');
    const date = (await screen.findByLabelText(SDC_LABEL)) as HTMLInputElement;
    expect(date.value).toBe('');
    expect(screen.getByText(/New South Wales's log book counts it as 20 hours, once/)).toBeTruthy();
    expect(screen.queryByLabelText(/Rotary Youth Driver Awareness/)).toBeNull();

    fireEvent.change(date, { target: { value: tomorrow() } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update Student' })));
    expect(screen.getByText(COURSE_MESSAGES.courseDateInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(date, { target: { value: '2026-02-10' } });
    expect(screen.queryByText(COURSE_MESSAGES.courseDateInvalid)).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update Student' })));
    await waitFor(() => expect(toastTexts()).toEqual([TOASTS.studentUpdated]));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      firstName: 'Sam',
      courses: [{ id: 'safer-drivers-course', completedOn: '2026-02-10' }],
    });
  });

  it("asks an ACT family for its three courses, each with the rule's condition, and sends the days given", async () => {
    const { calls } = editIn('ACT');
    const vru = (await screen.findByLabelText(
      'Vulnerable Road User Program Completed On (Optional)',
    )) as HTMLInputElement;
    expect(screen.getByLabelText('Safer Driver Course Completed On (Optional)')).toBeTruthy();
    expect(screen.getByLabelText('Learner driver first aid course Completed On (Optional)')).toBeTruthy();
    expect(screen.getByText(/counts it as 20 hours, once, for a learner under 25/)).toBeTruthy();
    expect(screen.getByText(/counts it as 5 hours, once, completed after holding the learner licence/)).toBeTruthy();
    fireEvent.change(vru, { target: { value: '2026-02-10' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update Student' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      courses: [{ id: 'vulnerable-road-user-program', completedOn: '2026-02-10' }],
    });
  });

  it('shows a recorded course, and clearing its day sends no course', async () => {
    const { calls } = editIn('TAS', { ...sam, courses: [{ id: 'ryda', completedOn: '2025-09-01' }] });
    const date = (await screen.findByLabelText(
      'Rotary Youth Driver Awareness program Completed On (Optional)',
    )) as HTMLInputElement;
    expect(date.value).toBe('2025-09-01');
    expect(screen.queryByLabelText(SDC_LABEL)).toBeNull();
    fireEvent.change(date, { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update Student' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ courses: [] });
  });

  it("asks nothing about courses where the family's state credits none (South Australia, and a family yet to choose)", async () => {
    for (const state of ['SA', null]) {
      const { calls } = editIn(state);
      await screen.findByRole('button', { name: 'Update Student' });
      await waitFor(() => expect(calls.some((c) => c.url === '/api/settings')).toBe(true));
      await act(async () => new Promise((r) => setTimeout(r, 30)));
      expect(screen.queryByLabelText(/Completed On/)).toBeNull();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update Student' })));
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
      expect(calls.find((c) => c.method === 'PUT')?.body).not.toHaveProperty('courses');
      document.body.innerHTML = '';
    }
  });
});
