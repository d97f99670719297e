import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OPENING_BALANCE_MESSAGES } from '@logbook/contracts/opening-balance';
import { computeProgress } from '@logbook/contracts/progress';
import { TOASTS } from '@logbook/contracts/messages';
import { resetToasts } from '@logbook/shell-context/toasts';
import StudentForm from '../src/app/routes/StudentForm';
import { ProgressPanel } from '../src/features/progress/components/ProgressPanel';
import {
  PAPER_HOURS_SAVE_FAILED,
  paperHoursSavedText,
  validatePaperHoursForm,
} from '../src/features/paper-hours/utils/paperHoursForm';
import { fakeFetch, renderWithProviders, toastTexts, type FakeResponse } from './render';

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
const BALANCE_URL = '/api/students/7/opening-balance';
const card = () => screen.getByTestId('paper-hours');
const field = (label: string) => within(card()).getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const puts = (calls: Array<{ method: string; url: string; body: unknown }>) =>
  calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body]);

function renderEditStudent(routes: Record<string, FakeResponse | ((body: unknown) => FakeResponse)>) {
  const fake = fakeFetch({ ...user, 'GET /api/students/7': { body: sam }, ...routes });
  renderWithProviders(<StudentForm />, { path: '/students/7', route: '/students/:id' });
  return fake;
}

beforeEach(() => resetToasts());

describe('paper hours validation', () => {
  it('takes 0 to 200 hours in tenths and an optional note of up to 500 characters', () => {
    expect(validatePaperHoursForm({ dayHours: '0', nightHours: '200', note: '' })).toEqual({
      ok: true,
      data: { dayHours: 0, nightHours: 200, note: '' },
    });
    expect(validatePaperHoursForm({ dayHours: '12.5', nightHours: '3', note: '  Blue book  ' })).toEqual({
      ok: true,
      data: { dayHours: 12.5, nightHours: 3, note: 'Blue book' },
    });
  });

  it.each(['', '-1', '200.1', '201', '12.25', 'ten', '1e2'])('refuses %p hours with the contracts message', (hours) => {
    expect(validatePaperHoursForm({ dayHours: hours, nightHours: '0', note: '' })).toEqual({
      ok: false,
      errors: { dayHours: OPENING_BALANCE_MESSAGES.dayHours },
    });
    expect(validatePaperHoursForm({ dayHours: '0', nightHours: hours, note: '' })).toEqual({
      ok: false,
      errors: { nightHours: OPENING_BALANCE_MESSAGES.nightHours },
    });
  });

  it('refuses a note longer than 500 characters', () => {
    expect(validatePaperHoursForm({ dayHours: '1', nightHours: '1', note: 'x'.repeat(501) })).toEqual({
      ok: false,
      errors: { note: OPENING_BALANCE_MESSAGES.noteTooLong },
    });
  });

  it('says in the toast what now counts towards the targets', () => {
    expect(paperHoursSavedText({ dayHours: 10, nightHours: 2.5, note: '' }, 'Sam')).toBe(
      '10 day and 2.5 night hours from the paper log book now count towards Sam’s targets.',
    );
    expect(paperHoursSavedText({ dayHours: 0, nightHours: 0, note: '' }, 'Sam')).toBe(
      'No paper hours count towards Sam’s targets.',
    );
  });
});

describe('paper hours on the Edit Student screen', () => {
  it('shows the stored hours and note', async () => {
    renderEditStudent({ [`GET ${BALANCE_URL}`]: { body: { dayHours: 4.5, nightHours: 1, note: 'Blue book' } } });
    await screen.findByRole('heading', { name: 'Paper log book hours' });
    await waitFor(() => expect(field('Day Hours').value).toBe('4.5'));
    expect(field('Night Hours').value).toBe('1');
    expect(field('Note (Optional)').value).toBe('Blue book');
    expect(field('Day Hours').getAttribute('max')).toBe('200');
    expect(field('Day Hours').getAttribute('step')).toBe('0.1');
  });

  it('checks each field as it is typed, and sends nothing while a value is wrong', async () => {
    const { calls } = renderEditStudent({
      [`GET ${BALANCE_URL}`]: { body: { dayHours: 0, nightHours: 0, note: '' } },
    });
    await waitFor(() => expect(field('Day Hours').value).toBe('0'));
    fireEvent.change(field('Day Hours'), { target: { value: '250' } });
    expect(within(card()).getByText(OPENING_BALANCE_MESSAGES.dayHours)).toBeTruthy();
    expect(field('Day Hours').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field('Night Hours'), { target: { value: '2.25' } });
    expect(within(card()).getByText(OPENING_BALANCE_MESSAGES.nightHours)).toBeTruthy();
    fireEvent.change(field('Note (Optional)'), { target: { value: 'x'.repeat(501) } });
    expect(within(card()).getByText(OPENING_BALANCE_MESSAGES.noteTooLong)).toBeTruthy();
    expect(within(card()).getByText(/^501 \/ 500 characters/)).toBeTruthy();

    fireEvent.click(within(card()).getByRole('button', { name: 'Save Paper Hours' }));
    expect(puts(calls)).toEqual([]);

    fireEvent.change(field('Day Hours'), { target: { value: '25' } });
    expect(within(card()).queryByText(OPENING_BALANCE_MESSAGES.dayHours)).toBeNull();
    expect(field('Day Hours').getAttribute('aria-invalid')).toBeNull();
    expect(within(card()).getByText(OPENING_BALANCE_MESSAGES.nightHours)).toBeTruthy();
  });

  it('saves the hours, says so, and shows them as stored', async () => {
    let stored = { dayHours: 0, nightHours: 0, note: '' };
    const { calls } = renderEditStudent({
      [`GET ${BALANCE_URL}`]: () => ({ body: stored }),
      [`PUT ${BALANCE_URL}`]: (body) => {
        stored = body as typeof stored;
        return { body: stored };
      },
    });
    await waitFor(() => expect(field('Day Hours').value).toBe('0'));
    fireEvent.change(field('Day Hours'), { target: { value: '10.0' } });
    fireEvent.change(field('Night Hours'), { target: { value: '2.5' } });
    fireEvent.change(field('Note (Optional)'), { target: { value: 'Blue book, pages 1 to 6' } });
    await act(async () => fireEvent.click(within(card()).getByRole('button', { name: 'Save Paper Hours' })));
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        'Paper hours saved — 10 day and 2.5 night hours from the paper log book now count towards Sam’s targets.',
      ]),
    );
    expect(puts(calls)).toEqual([[BALANCE_URL, { dayHours: 10, nightHours: 2.5, note: 'Blue book, pages 1 to 6' }]]);
    await waitFor(() => expect(field('Day Hours').value).toBe('10'));
    expect(field('Night Hours').value).toBe('2.5');
    // Saving paper hours stays on the screen: the student's details are saved with their own button.
    expect(screen.getByTestId('location').textContent).toBe('/students/7');
  });

  it('keeps everything typed when the server refuses, with its message', async () => {
    renderEditStudent({
      [`GET ${BALANCE_URL}`]: { body: { dayHours: 1, nightHours: 0, note: '' } },
      [`PUT ${BALANCE_URL}`]: { status: 400, body: { message: OPENING_BALANCE_MESSAGES.dayHours } },
    });
    await waitFor(() => expect(field('Day Hours').value).toBe('1'));
    fireEvent.change(field('Day Hours'), { target: { value: '12' } });
    fireEvent.change(field('Night Hours'), { target: { value: '3' } });
    fireEvent.change(field('Note (Optional)'), { target: { value: 'Green book' } });
    await act(async () => fireEvent.click(within(card()).getByRole('button', { name: 'Save Paper Hours' })));
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.error} — ${OPENING_BALANCE_MESSAGES.dayHours}`]));
    expect(field('Day Hours').value).toBe('12');
    expect(field('Night Hours').value).toBe('3');
    expect(field('Note (Optional)').value).toBe('Green book');
    expect(within(card()).getByRole('button', { name: 'Save Paper Hours' })).toHaveProperty('disabled', false);
  });

  it('keeps everything typed when the network fails, and says to try again', async () => {
    const { fn } = renderEditStudent({ [`GET ${BALANCE_URL}`]: { body: { dayHours: 0, nightHours: 0, note: '' } } });
    await waitFor(() => expect(field('Day Hours').value).toBe('0'));
    const answer = fn.getMockImplementation()!;
    fn.mockImplementation(async (input, init) => {
      if ((init?.method ?? 'GET') === 'PUT') throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    fireEvent.change(field('Day Hours'), { target: { value: '8' } });
    await act(async () => fireEvent.click(within(card()).getByRole('button', { name: 'Save Paper Hours' })));
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.error} — ${PAPER_HOURS_SAVE_FAILED}`]));
    expect(field('Day Hours').value).toBe('8');
  });

  it('shows a loading state, then a retry when the hours cannot be loaded', async () => {
    let answer: FakeResponse = { status: 500, body: { message: 'Database unavailable' } };
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fn } = renderEditStudent({ [`GET ${BALANCE_URL}`]: () => answer });
    const fakeAnswer = fn.getMockImplementation()!;
    fn.mockImplementation(async (input, init) => {
      if (String(input) === BALANCE_URL) await gate;
      return fakeAnswer(input, init);
    });
    await screen.findByText('Loading paper hours…');
    await act(async () => release());
    await within(card()).findByText('Paper hours could not be loaded.');
    answer = { body: { dayHours: 3, nightHours: 0, note: '' } };
    fireEvent.click(within(card()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(field('Day Hours').value).toBe('3'));
  });

  it('is not offered while adding a new student', async () => {
    const { calls } = fakeFetch(user);
    renderWithProviders(<StudentForm />, { path: '/students/new', route: '/students/new' });
    await screen.findByRole('button', { name: 'Create Student' });
    expect(screen.queryByTestId('paper-hours')).toBeNull();
    expect(calls.some((c) => c.url.includes('opening-balance'))).toBe(false);
  });

  it('refreshes the progress panel after saving, which then shows the paper hours apart from the sessions', async () => {
    const session = [{ duration: '2.5 hours', timeOfDay: 'day' }];
    let stored = { dayHours: 0, nightHours: 0, note: '' };
    const summary = () => ({
      ...computeProgress(session, { day: 75, night: 15 }, stored),
      openingBalance: stored.dayHours || stored.nightHours ? stored : null,
    });
    fakeFetch({
      ...user,
      'GET /api/students/7': { body: sam },
      'GET /api/driving-sessions/7/summary': () => ({ body: summary() }),
      [`GET ${BALANCE_URL}`]: () => ({ body: stored }),
      [`PUT ${BALANCE_URL}`]: (body) => {
        stored = body as typeof stored;
        return { body: stored };
      },
    });
    renderWithProviders(
      <>
        <ProgressPanel student={sam} />
        <StudentForm />
      </>,
      { path: '/students/7', route: '/students/:id' },
    );
    await within(await screen.findByTestId('progress-total')).findByText('2.5 / 90.0 hours');
    expect(screen.queryByTestId('progress-sources')).toBeNull();
    await waitFor(() => expect(field('Day Hours').value).toBe('0'));
    fireEvent.change(field('Day Hours'), { target: { value: '10' } });
    fireEvent.change(field('Night Hours'), { target: { value: '2' } });
    await act(async () => fireEvent.click(within(card()).getByRole('button', { name: 'Save Paper Hours' })));
    await within(screen.getByTestId('progress-total')).findByText('14.5 / 90.0 hours');
    expect(screen.getByTestId('progress-paper-hours').textContent).toBe(
      '10.0 h day and 2.0 h night from the paper log book',
    );
    expect(screen.getByTestId('progress-logged-hours').textContent).toBe('2.5 h from 1 logged session');
  });
});
