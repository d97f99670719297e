import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { DrivingSession } from '@logbook/contracts/schemas';
import { Routed } from './routed';
import { SessionHistoryPanel } from '../src/features/session-history/components/SessionHistoryPanel';
import { FIRST_STEP, NEXT_STEP } from '../src/features/session-history/hooks/useDrawnInSteps';

const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
});

const session = (over: Partial<DrivingSession>): DrivingSession => ({
  id: 1,
  studentId: 7,
  date: '2026-03-07',
  startTime: '09:00',
  endTime: '10:00',
  duration: '1.0 hours',
  startSuburb: 'Norwood',
  endSuburb: 'Glenelg',
  timeOfDay: 'day',
  trafficConditions: 'light',
  roadConditions: 'sealed',
  supervisorName: 'Pat Driver',
  supervisorLicenseNumber: 'SA12345',
  clientId: 'c',
  createdAt: '2026-03-07T10:00:00.000Z',
  weatherConditions: 'clear',
  status: 'in_force',
  correctionOf: null,
  supersededBy: null,
  changeReason: null,
  changedAt: null,
  ...over,
});

function serve(list: DrivingSession[]) {
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    statusText: '',
    json: async () => list,
    text: async () => JSON.stringify(list),
  })) as unknown as typeof fetch;
}

describe('a long history is drawn in steps', () => {
  it('draws the newest entries at once and every other within moments, newest first', async () => {
    const total = FIRST_STEP + 2 * NEXT_STEP + 3;
    serve(
      Array.from({ length: total }, (_, i) =>
        session({ id: total - i, clientId: `c${i}`, startSuburb: `Stop ${total - i}` }),
      ),
    );
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={['/students/7/sessions']}>
          <Routes>
            <Route
              path="/students/7/sessions"
              element={
                <Routed>
                  <SessionHistoryPanel studentId={7} canCorrect={false} />
                </Routed>
              }
            />
          </Routes>
        </MemoryRouter>
      </SWRConfig>,
    );
    const first = await screen.findAllByTestId('session-item');
    expect(first.length).toBeGreaterThanOrEqual(FIRST_STEP);
    expect(first.length).toBeLessThan(total);
    await waitFor(() => expect(screen.getAllByTestId('session-item')).toHaveLength(total));
    const ids = screen.getAllByTestId('session-item').map((item) => /Stop (\d+)/.exec(item.textContent ?? '')?.[1]);
    expect(ids).toEqual(Array.from({ length: total }, (_, i) => String(total - i)));
  });
});
