import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RoutedMemoryRouter as MemoryRouter } from './routed';
import { mutate, SWRConfig } from 'swr';
import { PROGRESS_BADGES } from '@logbook/contracts/constants';
import { computeInsights, notPractisedText, paceText } from '@logbook/contracts/insights';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import PaceAndCoverage from '../src/app/widgets/PaceAndCoverage';
import { ProgressSummaryCard } from '../src/features/progress/components/ProgressSummaryCard';
import { paperHoursText } from '../src/features/progress/utils/paperHoursText';
import { weekLabels } from '../src/features/pace/utils/weekLabels';
import { isStudentSessionsKey } from '../src/lib/sessionKeys';

const TODAY = '2026-11-22';

function insightsFor(sessions: Parameters<typeof computeInsights>[0], remaining = 90, target = 100) {
  const insights = computeInsights(sessions, remaining, TODAY);
  return {
    ...insights,
    today: TODAY,
    totalTarget: target,
    hoursRemaining: remaining,
    paceText: paceText(insights, target),
    notPractisedText: notPractisedText(insights),
  };
}

const session = (date: string, duration: string, over = {}) => ({
  date,
  duration,
  timeOfDay: 'day',
  trafficConditions: 'light',
  roadConditions: 'sealed',
  ...over,
});

const originalFetch = globalThis.fetch;
let answers: Array<{ status: number; body: unknown }>;
let calls: string[];

beforeEach(() => {
  calls = [];
  answers = [];
  globalThis.fetch = jest.fn(async (url: string) => {
    calls.push(url);
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    if (!next) return new Promise(() => undefined);
    return {
      ok: next.status < 300,
      status: next.status,
      statusText: '',
      json: async () => next.body,
      text: async () => JSON.stringify(next.body),
    };
  }) as unknown as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = originalFetch;
});

function renderPanel(props: { studentId?: number; enabled?: boolean } = { studentId: 7 }, ownCache = true) {
  return render(
    <SWRConfig value={ownCache ? { ...swrConfig, provider: () => new Map() } : swrConfig}>
      <MemoryRouter>
        <PaceAndCoverage {...props} />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('the pace and coverage panel', () => {
  it('loads, then shows hours per week, the forecast and what is not yet practised', async () => {
    answers.push({
      status: 200,
      body: insightsFor([
        session('2026-11-20', '2.0 hours', { timeOfDay: 'night', trafficConditions: 'medium' }),
        session('2026-11-12', '1.0 hours', { roadConditions: 'busy-road' }),
      ]),
    });
    renderPanel();
    expect(screen.getByText('Loading pace…')).toBeTruthy();
    await screen.findByTestId('insights-panel');
    expect(calls).toEqual(['/api/driving-sessions/7/insights']);
    expect(screen.getByRole('heading', { level: 2, name: 'Pace and Coverage' })).toBeTruthy();

    const weeks = screen.getByRole('list', { name: /^Hours per week/ });
    const rows = Array.from(weeks.querySelectorAll('li')).map((li) => li.textContent);
    expect(rows).toEqual(['26 Oct – 1 Nov0 h', '2–8 Nov0 h', '9–15 Nov1 h', '16–22 Nov2 h']);
    expect(screen.getByText(/average 0\.8 h/)).toBeTruthy();

    const pace = screen.getByTestId('pace-line').textContent;
    expect(pace).toMatch(/^At this pace: all 100 hours by \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(screen.getByTestId('not-practised-line').textContent).toBe(
      'Not yet practised: heavy traffic, unsealed roads, quiet streets, multi-laned roads, clear weather, overcast weather, rain, fog',
    );
  });

  it('says kindly that there is nothing to show before the first session', async () => {
    answers.push({ status: 200, body: insightsFor([], 100) });
    renderPanel();
    expect((await screen.findByTestId('insights-empty')).textContent).toMatch(/^No sessions logged yet\./);
    expect(screen.queryByTestId('pace-line')).toBeNull();
  });

  it("shows the server's message when it fails, and tries again", async () => {
    answers.push({ status: 404, body: { message: 'Student not found' } }, { status: 200, body: insightsFor([]) });
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Pace could not be loaded');
    expect(alert.textContent).toContain('Student not found');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    await screen.findByTestId('insights-empty');
  });

  it('shows the failed-to-load state, not the figures, for an answer that is not in the contract’s form', async () => {
    const { paceText: pace, ...renamed } = insightsFor([session('2026-11-20', '2.0 hours')]);
    answers.push({ status: 200, body: { ...renamed, pace } });
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Pace could not be loaded');
    expect(alert.textContent).toContain('The server sent an answer this page cannot read.');
    expect(screen.queryByTestId('insights-panel')).toBeNull();
  });

  it('asks for nothing and shows nothing while the subscription is not active', async () => {
    const { container } = renderPanel({ studentId: 7, enabled: false });
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(calls).toEqual([]);
    expect(container.textContent).toBe('');
  });

  it('reads the insights again after a session is logged', async () => {
    answers.push(
      { status: 200, body: insightsFor([]) },
      { status: 200, body: insightsFor([session('2026-11-21', '1.5 hours')]) },
    );
    // The shared cache, as in the shell: logging a session revalidates every read of this student's sessions.
    renderPanel({ studentId: 8 }, false);
    await screen.findByTestId('insights-empty');
    await act(async () => {
      await mutate(isStudentSessionsKey(8));
    });
    await waitFor(() => expect(screen.getByTestId('pace-line')).toBeTruthy());
    expect(calls).toHaveLength(2);
  });
});

describe('week labels', () => {
  it('name the seven days of each week, the last ending today', () => {
    expect(weekLabels('2026-03-03', 2)).toEqual(['18–24 Feb', '25 Feb – 3 Mar']);
  });
});

describe('paper hours in the progress card', () => {
  it.each([
    [{ dayHours: 10, nightHours: 2 }, 'Includes 10 h day and 2 h night from the paper log book'],
    [{ dayHours: 12.5, nightHours: 0 }, 'Includes 12.5 h day from the paper log book'],
    [{ dayHours: 0, nightHours: 3 }, 'Includes 3 h night from the paper log book'],
    [{ dayHours: 0, nightHours: 0 }, null],
    [null, null],
  ])('%p reads %p', (balance, text) => {
    expect(paperHoursText(balance)).toBe(text);
  });

  const summary = {
    dayHours: 20,
    nightHours: 4,
    totalHours: 24,
    targets: { day: 60, night: 15, total: 75 },
    percent: { day: 33, night: 27, total: 32 },
    remaining: { day: 40, night: 11, total: 51 },
    badge: PROGRESS_BADGES.gettingStarted,
    sessionCount: 3,
  };

  it('shows them apart when the summary has any', () => {
    render(<ProgressSummaryCard summary={{ ...summary, openingBalance: { dayHours: 10, nightHours: 2 } }} />);
    expect(screen.getByTestId('paper-hours').textContent).toBe(
      'Includes 10 h day and 2 h night from the paper log book',
    );
  });

  it('says nothing about paper when there are none', () => {
    render(<ProgressSummaryCard summary={{ ...summary, openingBalance: null }} />);
    expect(screen.queryByTestId('paper-hours')).toBeNull();
  });
});
