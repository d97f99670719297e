import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { DrivingSession } from '@logbook/contracts/schemas';
import { Routed } from './routed';
import { SessionHistoryPanel } from '../src/features/session-history/components/SessionHistoryPanel';
import { vehicleText } from '../src/features/session-history/components/SessionListItem';

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

describe('the vehicle in the session history', () => {
  it("shows each entry's car and the distance its odometer readings make, and nothing for an entry without one", async () => {
    serve([
      session({ id: 3, vehicleRegistration: 'S123ABC', odometerStart: 41250, odometerEnd: 41273 }),
      session({ id: 2, vehicleRegistration: 'XYZ789', odometerStart: 900, odometerEnd: null }),
      session({ id: 1 }),
    ]);
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
    const items = await screen.findAllByTestId('session-item');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByTestId('session-vehicle').textContent).toBe('Vehicle: S123ABC · 23 km');
    expect(within(items[1]).getByTestId('session-vehicle').textContent).toBe('Vehicle: XYZ789 · odometer 900 km');
    expect(within(items[2]).queryByTestId('session-vehicle')).toBeNull();
  });

  it('words a car with readings only, or readings alone', () => {
    expect(vehicleText({ odometerStart: 5, odometerEnd: 40 })).toBe('35 km');
    expect(vehicleText({ vehicleRegistration: 'ABC1', odometerEnd: 40 })).toBe('ABC1 · odometer 40 km');
    expect(vehicleText({ vehicleRegistration: null, odometerStart: null, odometerEnd: null })).toBe('');
  });
});
