import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { DrivingSession } from '@logbook/contracts/schemas';
import { Routed } from './routed';
import { SessionHistoryPanel } from '../src/features/session-history/components/SessionHistoryPanel';

// Student 7's history as a parent sees it, answered by `serve`: the tests of the history panel share it. The real
// fetch comes back after each test.
const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
});

export const session = (over: Partial<DrivingSession>): DrivingSession => ({
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

export function serve(list: DrivingSession[]) {
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    statusText: '',
    json: async () => list,
    text: async () => JSON.stringify(list),
  })) as unknown as typeof fetch;
}

/** Student 7's history panel, as a parent who cannot correct sees it (or, with `canCorrect`, a parent's own view). */
export function renderHistory({ canCorrect = false }: { canCorrect?: boolean } = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/students/7/sessions']}>
        <Routes>
          <Route
            path="/students/7/sessions"
            element={
              <Routed>
                <SessionHistoryPanel studentId={7} canCorrect={canCorrect} />
              </Routed>
            }
          />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}
