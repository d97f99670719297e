import { render, screen } from '@testing-library/react';
import { RoutedMemoryRouter as MemoryRouter } from './routed';
import { SWRConfig } from 'swr';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import ProgressSummary from '../src/app/widgets/ProgressSummary';
import { progressSummary as summary } from './fixtures';

const readiness = {
  ready: false,
  earliestTestDate: '2027-06-01',
  checks: [
    {
      id: 'hours',
      ok: false,
      message: 'Not yet: 12 of 75 hours logged, 63 to go',
      source: 'https://mylicence.sa.gov.au/my-car-licence/learners-stage',
    },
    {
      id: 'entries',
      ok: true,
      message: 'Every entry is complete and signed (4 entries)',
      source: 'https://mylicence.sa.gov.au/my-car-licence/learners-stage',
    },
  ],
};

const originalFetch = globalThis.fetch;
let calls: string[];

beforeEach(() => {
  calls = [];
  globalThis.fetch = jest.fn(async (url: string) => {
    calls.push(url);
    const body = url.endsWith('/readiness') ? readiness : summary;
    return { ok: true, status: 200, statusText: '', json: async () => body, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = originalFetch;
});

describe('the readiness checklist under the progress summary', () => {
  it('is asked for only after the summary is shown, and says in words what is done and what is not yet', async () => {
    render(
      <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
        <MemoryRouter>
          <ProgressSummary studentId={7} />
        </MemoryRouter>
      </SWRConfig>,
    );
    await screen.findByTestId('progress-summary');
    expect(screen.getByText('of 75h')).toBeTruthy();
    const list = await screen.findByTestId('readiness');
    expect(calls).toEqual(['/api/driving-sessions/7/summary', '/api/driving-sessions/7/readiness']);
    expect(screen.getByTestId('readiness-status').textContent).toBe('Not yet');
    expect(screen.getByTestId('earliest-test-date').textContent).toBe('Earliest test date: 1 Jun 2027');
    expect(screen.getByTestId('readiness-hours').textContent).toContain('Not yet: 12 of 75 hours logged, 63 to go');
    expect(screen.getByTestId('readiness-entries').textContent).toContain('Done: Every entry is complete and signed');
    const link = list.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://mylicence.sa.gov.au/my-car-licence/learners-stage');
    expect(link.textContent).toBe('mylicence.sa.gov.au (opens in a new tab)');
  });

  it('asks nothing while the subscription is not active', async () => {
    render(
      <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
        <MemoryRouter>
          <ProgressSummary studentId={7} enabled={false} />
        </MemoryRouter>
      </SWRConfig>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('readiness')).toBeNull();
  });
});
