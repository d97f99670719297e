import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { computeProgress } from '@logbook/contracts/progress';
import type { Student } from '@logbook/contracts/schemas';
import { ProgressPanel } from '../src/features/progress/components/ProgressPanel';
import { formatHours, progressRows, remainingText } from '../src/features/progress/utils/progressView';
import { fakeFetch, renderWithProviders } from './render';

const student = (overrides: Partial<Student> = {}): Student => ({
  id: 7,
  firstName: 'Sam',
  lastName: 'Lee',
  dateOfBirth: '2008-04-02',
  licenseNumber: null,
  subscriptionStatus: 'active',
  hasStudentLogin: false,
  studentUsername: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

// 10.5 day hours and 2.0 night hours against the family's own targets of 40 day and 10 night.
const summary = {
  ...computeProgress(
    [
      { duration: '1.5 hours', timeOfDay: 'day' },
      { duration: '9.0 hours', timeOfDay: 'day' },
      { duration: '2.0 hours', timeOfDay: 'night' },
    ],
    { day: 40, night: 10 },
  ),
  openingBalance: null,
};

describe('progress panel numbers', () => {
  it('shows hours to one decimal against each target', () => {
    expect(formatHours(0)).toBe('0.0');
    expect(formatHours(12.25)).toBe('12.3');
    expect(progressRows(summary).map((r) => [r.label, r.text, r.percent])).toEqual([
      ['Total', '12.5 / 50.0 hours', 25],
      ['Day', '10.5 / 40.0 hours', 26.3],
      ['Night', '2.0 / 10.0 hours', 20],
    ]);
    expect(remainingText(summary)).toBe('37.5 hours remaining (29.5 day, 8.0 night)');
  });

  it('says every target is met once no hours remain', () => {
    const done = computeProgress([
      { duration: '100.0 hours', timeOfDay: 'day' },
      { duration: '30.0 hours', timeOfDay: 'night' },
    ]);
    expect(remainingText({ ...done, openingBalance: null })).toBe('All target hours completed');
  });

  it('renders the summary the server computed, with the status badge and bars', async () => {
    const { calls } = fakeFetch({ 'GET /api/driving-sessions/7/summary': { body: summary } });
    renderWithProviders(<ProgressPanel student={student()} />);
    await screen.findByText('Getting Started');
    expect(within(screen.getByTestId('progress-total')).getByText('12.5 / 50.0 hours')).toBeTruthy();
    expect(within(screen.getByTestId('progress-day')).getByText('10.5 / 40.0 hours')).toBeTruthy();
    expect(within(screen.getByTestId('progress-night')).getByText('2.0 / 10.0 hours')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Total hours' }).getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByRole('progressbar', { name: 'Night hours' }).getAttribute('aria-valuenow')).toBe('20');
    expect(screen.getByTestId('progress-remaining').textContent).toBe('37.5 hours remaining (29.5 day, 8.0 night)');
    expect(calls.map((c) => c.url)).toEqual(['/api/driving-sessions/7/summary']);
  });

  it('opens the PDF log in a new tab', async () => {
    fakeFetch({ 'GET /api/driving-sessions/7/summary': { body: summary } });
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(<ProgressPanel student={student()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF Log' }));
    expect(open).toHaveBeenCalledWith('/api/driving-sessions/7/pdf', '_blank');
    open.mockRestore();
  });

  it('mentions hours carried over from a paper log book', async () => {
    fakeFetch({
      'GET /api/driving-sessions/7/summary': {
        body: { ...summary, openingBalance: { dayHours: 4, nightHours: 1.5, note: '' } },
      },
    });
    renderWithProviders(<ProgressPanel student={student()} />);
    await screen.findByText('Includes 5.5 hours logged on paper');
  });

  it('shows the subscription-required state and asks for nothing when the student is not active', async () => {
    const { calls } = fakeFetch({});
    renderWithProviders(<ProgressPanel student={student({ subscriptionStatus: 'canceled' })} />);
    expect(screen.getByTestId('progress-subscription-required').textContent).toContain('Subscription required');
    expect(screen.queryByRole('button', { name: 'Download PDF Log' })).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);
  });

  it('offers a retry when the summary cannot be loaded', async () => {
    let fail = true;
    fakeFetch({
      'GET /api/driving-sessions/7/summary': () =>
        fail ? { status: 500, body: { message: 'boom' } } : { body: summary },
    });
    renderWithProviders(<ProgressPanel student={student()} />);
    await screen.findByText('Progress could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('progress-badge').textContent).toBe('Getting Started'));
  });
});
