import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { computeProgress } from '@logbook/contracts/progress';
import type { Student } from '@logbook/contracts/schemas';
import { ProgressPanel } from '../src/features/progress/components/ProgressPanel';
import { formatHours } from '@logbook/ui/lib/hours';
import { hoursBySource, progressRows, remainingText } from '../src/features/progress/utils/progressView';
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

  describe('paper hours', () => {
    // 10 day and 2 night hours from the paper log book, plus the 12.5 hours of the three sessions logged here.
    const withPaper = {
      ...computeProgress(
        [
          { duration: '1.5 hours', timeOfDay: 'day' },
          { duration: '9.0 hours', timeOfDay: 'day' },
          { duration: '2.0 hours', timeOfDay: 'night' },
        ],
        { day: 40, night: 10 },
        { dayHours: 10, nightHours: 2 },
      ),
      openingBalance: { dayHours: 10, nightHours: 2, note: 'Blue book, pages 1 to 6' },
    };

    it('are told apart from the logged sessions', () => {
      expect(hoursBySource(withPaper)).toEqual({
        paper: '10.0 h day and 2.0 h night from the paper log book',
        logged: '12.5 h from 3 logged sessions',
      });
      expect(hoursBySource({ ...withPaper, sessionCount: 1 })?.logged).toBe('12.5 h from 1 logged session');
      expect(hoursBySource(summary)).toBeNull();
      expect(hoursBySource({ ...summary, openingBalance: { dayHours: 0, nightHours: 0, note: 'none' } })).toBeNull();
    });

    it('show in the panel with the bars counting them, and link to where they are edited', async () => {
      fakeFetch({ 'GET /api/driving-sessions/7/summary': { body: withPaper } });
      renderWithProviders(<ProgressPanel student={student()} />);
      await screen.findByTestId('progress-sources');
      expect(screen.getByTestId('progress-paper-hours').textContent).toBe(
        '10.0 h day and 2.0 h night from the paper log book',
      );
      expect(screen.getByTestId('progress-logged-hours').textContent).toBe('12.5 h from 3 logged sessions');
      expect(within(screen.getByTestId('progress-total')).getByText('24.5 / 50.0 hours')).toBeTruthy();
      expect(within(screen.getByTestId('progress-day')).getByText('20.5 / 40.0 hours')).toBeTruthy();
      expect(within(screen.getByTestId('progress-night')).getByText('4.0 / 10.0 hours')).toBeTruthy();
      const edit = screen.getByRole('link', { name: 'Edit paper hours for Sam' });
      expect(edit.getAttribute('href')).toBe('/students/7#paper-hours');
    });

    it('are not mentioned when there are none, and the link offers to add them', async () => {
      fakeFetch({ 'GET /api/driving-sessions/7/summary': { body: summary } });
      renderWithProviders(<ProgressPanel student={student()} />);
      await screen.findByText('Getting Started');
      expect(screen.queryByTestId('progress-sources')).toBeNull();
      expect(screen.queryByText(/paper log book/)).toBeNull();
      expect(screen.getByRole('link', { name: 'Add paper hours for Sam' }).getAttribute('href')).toBe(
        '/students/7#paper-hours',
      );
    });
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

describe('progress panel bonus hours', () => {
  it('shows instructor bonus hours apart from the total when the summary carries them', async () => {
    fakeFetch({
      'GET /api/driving-sessions/7/summary': { body: { ...summary, bonusHours: 6, instructorLessons: 2 } },
    });
    renderWithProviders(<ProgressPanel student={student()} />);
    expect((await screen.findByTestId('progress-bonus')).textContent).toBe(
      'Total including 6 bonus hours from 2 lessons with a driving instructor',
    );
  });

  it('says nothing of bonus hours when no lesson earned any', async () => {
    fakeFetch({
      'GET /api/driving-sessions/7/summary': { body: { ...summary, bonusHours: 0, instructorLessons: 0 } },
    });
    renderWithProviders(<ProgressPanel student={student()} />);
    await screen.findByText('Getting Started');
    expect(screen.queryByTestId('progress-bonus')).toBeNull();
  });
});
