import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { SESSION_SCREEN_ERRORS } from '@logbook/contracts/messages';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import StudentSessions from '../src/app/routes/StudentSessions';
import { ProgressSummaryCard } from '../src/features/progress/components/ProgressSummaryCard';
import { setOutboxStoreForTests } from '../src/lib/outbox/outboxRuntime';
import { createMemoryOutboxStore } from '../src/lib/outbox/outboxStore';
import { progressSummary as summary, samLearner as sam } from './fixtures';
import { Routed, RoutedMemoryRouter } from './routed';

const originalFetch = globalThis.fetch;
let studentAnswer: () => Promise<unknown>;

beforeEach(() => {
  localStorage.clear();
  setOutboxStoreForTests(createMemoryOutboxStore());
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    // Only the student is answered here; the panels' requests stay pending.
    if (String(input) === '/api/students/7') return studentAnswer();
    return new Promise(() => undefined);
  }) as unknown as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = originalFetch;
});

const ok = (body: unknown) => async () => ({
  ok: true,
  status: 200,
  statusText: 'OK',
  json: async () => body,
  text: async () => JSON.stringify(body),
});
const refused = (status: number, message: string) => async () => ({
  ok: false,
  status,
  statusText: '',
  json: async () => ({ message }),
  text: async () => JSON.stringify({ message }),
});
const unreachable = () => async () => {
  throw new TypeError('Failed to fetch');
};

function renderScreen(cache: Map<string, unknown>) {
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => cache as never }}>
      <MemoryRouter initialEntries={['/students/7/sessions']}>
        <Routes>
          <Route
            path="/students/:studentId/sessions"
            element={
              <Routed>
                <StudentSessions />
              </Routed>
            }
          />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

/** Opens the screen once with the server answering, then again (as going back to it does) with `then` answering. */
async function reopenedWith(then: () => Promise<unknown>) {
  const cache = new Map<string, unknown>();
  studentAnswer = ok(sam);
  const first = renderScreen(cache);
  await screen.findByRole('heading', { level: 1, name: 'Sam Learner' });
  first.unmount();
  studentAnswer = then;
  renderScreen(cache);
  await waitFor(() =>
    expect((globalThis.fetch as jest.Mock).mock.calls.filter(([url]) => url === '/api/students/7')).toHaveLength(2),
  );
}

describe('the sessions screen when asking for the student again fails', () => {
  it('keeps the student, the drive and New Session shown when the connection is gone', async () => {
    await reopenedWith(unreachable());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('heading', { level: 1, name: 'Sam Learner' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New Session' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Drive' })).toBeTruthy();
    expect(screen.queryByText(SESSION_SCREEN_ERRORS.errorLoading)).toBeNull();
  });

  it('keeps the student shown when the server fails for a moment', async () => {
    await reopenedWith(refused(503, 'Service unavailable'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('heading', { level: 1, name: 'Sam Learner' })).toBeTruthy();
    expect(screen.queryByText(SESSION_SCREEN_ERRORS.errorLoading)).toBeNull();
  });

  it('says the student is not found once the server says so, instead of showing what it had', async () => {
    await reopenedWith(refused(404, 'Student not found'));
    await screen.findByText(SESSION_SCREEN_ERRORS.notFound);
    expect(screen.queryByRole('heading', { level: 1, name: 'Sam Learner' })).toBeNull();
  });

  it('asks to sign in again once the session has ended', async () => {
    await reopenedWith(refused(401, 'Not signed in'));
    await screen.findByRole('link', { name: 'Sign in' });
    expect(screen.queryByRole('heading', { level: 1, name: 'Sam Learner' })).toBeNull();
  });
});

describe('the progress card when asking again fails', () => {
  it('keeps the figures it has', () => {
    render(
      <RoutedMemoryRouter>
        <ProgressSummaryCard summary={summary} error={new TypeError('Failed to fetch')} />
      </RoutedMemoryRouter>,
    );
    expect(screen.getByTestId('progress-summary').textContent).toContain('of 75h');
    expect(screen.queryByText('Progress could not be loaded')).toBeNull();
  });

  it('says it could not be loaded when it has nothing to show', () => {
    render(
      <RoutedMemoryRouter>
        <ProgressSummaryCard summary={undefined} error={new TypeError('Failed to fetch')} />
      </RoutedMemoryRouter>,
    );
    expect(screen.getByText('Progress could not be loaded')).toBeTruthy();
  });
});
