import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { TOASTS, VALIDATION } from '@logbook/contracts/messages';
import { localDateISO } from '@logbook/contracts/dates';
import { resetToasts } from '@logbook/shell-context/toasts';
import StudentForm from '../src/app/routes/StudentForm';
import { EMPTY_STUDENT_FORM, validateStudentForm } from '../src/features/students/utils/studentForm';
import { fakeFetch, renderWithProviders, toastTexts } from './render';

const user = { 'GET /api/user': { body: { id: 1, email: 'parent@example.com' } } };
const sam = {
  id: 7,
  firstName: 'Sam',
  lastName: 'Lee',
  dateOfBirth: '2008-04-02',
  licenseNumber: 'L123',
  subscriptionStatus: 'inactive',
  hasStudentLogin: false,
  studentUsername: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => resetToasts());

describe('student form validation', () => {
  it('names each missing field with the spec message', () => {
    expect(validateStudentForm(EMPTY_STUDENT_FORM)).toEqual({
      ok: false,
      errors: {
        firstName: VALIDATION.firstNameRequired,
        lastName: VALIDATION.lastNameRequired,
        dateOfBirth: VALIDATION.dateOfBirthRequired,
      },
    });
    expect(
      validateStudentForm({ ...EMPTY_STUDENT_FORM, firstName: '   ', lastName: 'Lee', dateOfBirth: '2008-04-02' }),
    ).toEqual({
      ok: false,
      errors: { firstName: VALIDATION.firstNameRequired },
    });
  });

  it('refuses impossible and future dates of birth', () => {
    const base = { firstName: 'Sam', lastName: 'Lee', licenseNumber: '', permitDate: '' };
    expect(validateStudentForm({ ...base, dateOfBirth: '2008-02-30' })).toEqual({
      ok: false,
      errors: { dateOfBirth: VALIDATION.dateOfBirthInvalid },
    });
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect(validateStudentForm({ ...base, dateOfBirth: localDateISO(tomorrow) })).toEqual({
      ok: false,
      errors: { dateOfBirth: VALIDATION.dateOfBirthFuture },
    });
  });

  it('trims the names and keeps the license number optional', () => {
    expect(
      validateStudentForm({
        firstName: ' Sam ',
        lastName: 'Lee ',
        dateOfBirth: '2008-04-02',
        licenseNumber: '',
        permitDate: '',
      }),
    ).toEqual({
      ok: true,
      data: { firstName: 'Sam', lastName: 'Lee', dateOfBirth: '2008-04-02', licenseNumber: '', permitDate: '' },
    });
  });

  it("keeps the learner's permit date optional, and refuses one in the future or not a date", () => {
    const base = { firstName: 'Sam', lastName: 'Lee', dateOfBirth: '2008-04-02', licenseNumber: '' };
    expect(validateStudentForm({ ...base, permitDate: '2025-06-01' })).toMatchObject({ ok: true });
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    for (const permitDate of [localDateISO(tomorrow), '2025-02-30']) {
      expect(validateStudentForm({ ...base, permitDate })).toEqual({
        ok: false,
        errors: { permitDate: VALIDATION.permitDateInvalid },
      });
    }
  });
});

describe('student form screen', () => {
  it.each(['abc', '0', '-2', '1.5'])('sends /students/%s back to the dashboard', async (id) => {
    fakeFetch(user);
    renderWithProviders(<StudentForm />, { path: `/students/${id}`, route: '/students/:id' });
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('sends a signed-out visitor to /login with the Authentication required toast', async () => {
    fakeFetch({ 'GET /api/user': { status: 401, body: { message: 'Please sign in' } } });
    renderWithProviders(<StudentForm />, { path: '/students/new', route: '/students/new' });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(toastTexts()).toEqual([`${TOASTS.authRequired.title} — ${TOASTS.authRequired.description}`]);
  });

  it('shows the field messages and sends nothing until the form is valid, then creates and returns to the dashboard after 100 ms', async () => {
    const { calls } = fakeFetch({ ...user, 'POST /api/students': { status: 201, body: sam } });
    renderWithProviders(<StudentForm />, { path: '/students/new', route: '/students/new' });
    const create = await screen.findByRole('button', { name: 'Create Student' });
    fireEvent.click(create);
    expect(screen.getByText(VALIDATION.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(VALIDATION.lastNameRequired)).toBeTruthy();
    expect(screen.getByText(VALIDATION.dateOfBirthRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Sam' } });
    expect(screen.queryByText(VALIDATION.firstNameRequired)).toBeNull();
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByLabelText('Date of Birth'), { target: { value: '2008-04-02' } });
    fireEvent.change(screen.getByLabelText('License Number (Optional)'), { target: { value: 'L123' } });
    fireEvent.change(screen.getByLabelText("Learner's Permit Date (Optional)"), { target: { value: '2025-06-01' } });
    expect(screen.getByLabelText('Date of Birth').getAttribute('type')).toBe('date');

    jest.useFakeTimers();
    try {
      await act(async () => fireEvent.click(create));
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        firstName: 'Sam',
        lastName: 'Lee',
        dateOfBirth: '2008-04-02',
        licenseNumber: 'L123',
        permitDate: '2025-06-01',
      });
      expect(toastTexts()).toEqual([TOASTS.studentCreated]);
      expect(location()).toBe('/students/new');
      await act(async () => jest.advanceTimersByTime(99));
      expect(location()).toBe('/students/new');
      await act(async () => jest.advanceTimersByTime(1));
      expect(location()).toBe('/dashboard');
    } finally {
      jest.useRealTimers();
    }
  });

  it('asks a family that has not chosen its state for it with the student, South Australia unless it says', async () => {
    const { calls } = fakeFetch({
      ...user,
      'GET /api/settings': { body: [{ key: 'dayTimeTargetHours', value: '60' }] },
      'PUT /api/settings/state': { body: { key: 'state', value: 'QLD' } },
      'POST /api/students': { status: 201, body: sam },
    });
    renderWithProviders(<StudentForm />, { path: '/students/new', route: '/students/new' });
    const state = (await screen.findByLabelText('Your State or Territory')) as HTMLSelectElement;
    expect(state.value).toBe('SA');
    expect(state.selectedOptions[0].textContent).toBe('South Australia');
    fireEvent.change(state, { target: { value: 'QLD' } });
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Sam' } });
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByLabelText('Date of Birth'), { target: { value: '2008-04-02' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create Student' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);
    expect(sent).toEqual(['PUT /api/settings/state', 'POST /api/students']);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ value: 'QLD' });
  });

  it('does not ask again once the family has chosen its state', async () => {
    const { calls } = fakeFetch({ ...user, 'GET /api/settings': { body: [{ key: 'state', value: 'NSW' }] } });
    renderWithProviders(<StudentForm />, { path: '/students/new', route: '/students/new' });
    await screen.findByRole('button', { name: 'Create Student' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/settings')).toBe(true));
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByLabelText('Your State or Territory')).toBeNull();
  });

  it('names a hidden or text-direction character under its field and sends nothing, while any script is welcome', async () => {
    const { calls } = fakeFetch({ ...user, 'POST /api/students': { status: 201, body: sam } });
    renderWithProviders(<StudentForm />, { path: '/students/new', route: '/students/new' });
    fireEvent.change(await screen.findByLabelText('First Name'), { target: { value: 'Sam\u202Eeel' } });
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByLabelText('Date of Birth'), { target: { value: '2008-04-02' } });
    fireEvent.change(screen.getByLabelText('License Number (Optional)'), { target: { value: 'L1\u0000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create Student' })));
    expect(screen.getAllByText(VALIDATION.hiddenCharacters)).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Nguyễn Thị Ánh' } });
    fireEvent.change(screen.getByLabelText('License Number (Optional)'), { target: { value: 'L1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create Student' })));
    expect(screen.queryByText(VALIDATION.hiddenCharacters)).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ firstName: 'Nguyễn Thị Ánh' });
  });

  it("shows the server's message in an Error toast and stays on the form", async () => {
    fakeFetch({
      ...user,
      'POST /api/students': { status: 400, body: { message: 'Date of birth cannot be in the future' } },
    });
    renderWithProviders(<StudentForm />, { path: '/students/new', route: '/students/new' });
    fireEvent.change(await screen.findByLabelText('First Name'), { target: { value: 'Sam' } });
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByLabelText('Date of Birth'), { target: { value: '2008-04-02' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create Student' })));
    await waitFor(() => expect(toastTexts()).toEqual(['Error — Date of birth cannot be in the future']));
    expect(location()).toBe('/students/new');
  });

  it("falls back to 'An error occurred' when the server says nothing", async () => {
    fakeFetch({ ...user, 'GET /api/students/7': { body: sam }, 'PUT /api/students/7': { status: 502 } });
    renderWithProviders(<StudentForm />, { path: '/students/7', route: '/students/:id' });
    const update = await screen.findByRole('button', { name: 'Update Student' });
    await act(async () => fireEvent.click(update));
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.error} — ${TOASTS.genericError}`]));
    // The parent can try again straight away.
    await waitFor(() => expect((update as HTMLButtonElement).disabled).toBe(false));
  });

  it('loads the student to edit and sends the changes with PUT', async () => {
    const { calls } = fakeFetch({
      ...user,
      'GET /api/students/7': { body: sam },
      'PUT /api/students/7': { body: sam },
    });
    renderWithProviders(<StudentForm />, { path: '/students/7', route: '/students/:id' });
    const first = (await screen.findByLabelText('First Name')) as HTMLInputElement;
    expect(first.value).toBe('Sam');
    expect((screen.getByLabelText('License Number (Optional)') as HTMLInputElement).value).toBe('L123');
    fireEvent.change(first, { target: { value: 'Samantha' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update Student' })));
    await waitFor(() => expect(toastTexts()).toEqual([TOASTS.studentUpdated]));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ firstName: 'Samantha', lastName: 'Lee' });
  });

  it('says plainly when the student to edit does not exist, with a way back', async () => {
    fakeFetch({ ...user, 'GET /api/students/99': { status: 404, body: { message: 'Student not found' } } });
    renderWithProviders(<StudentForm />, { path: '/students/99', route: '/students/:id' });
    await screen.findByText('Student not found');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('button', { name: 'Update Student' })).toBeNull();
  });
});
