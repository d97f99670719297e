import { screen, within } from '@testing-library/react';
import { renderHistory, serve, session } from './historyPanel';
import { vehicleText } from '../src/features/session-history/components/SessionListItem';

describe('the vehicle in the session history', () => {
  it("shows each entry's car and the distance its odometer readings make, and nothing for an entry without one", async () => {
    serve([
      session({ id: 3, vehicleRegistration: 'S123ABC', odometerStart: 41250, odometerEnd: 41273 }),
      session({ id: 2, vehicleRegistration: 'XYZ789', odometerStart: 900, odometerEnd: null }),
      session({ id: 1 }),
    ]);
    renderHistory();
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
