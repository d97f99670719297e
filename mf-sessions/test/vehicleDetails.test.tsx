import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { VALIDATION } from '@logbook/contracts/messages';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import { draftFromValues, draftValuesFrom, findDraft, saveDraft } from '@logbook/session-device/drafts';
import { RoutedMemoryRouter as MemoryRouter } from './routed';
import { SessionForm } from '../src/features/session-form/components/SessionForm';
import { entryValues } from '../src/features/session-form/hooks/useSessionForm';
import type { HistoryEntry } from '../src/lib/sessionHistory';
import { emptySessionValues, sessionPayload } from '../src/lib/sessionValues';

const originalFetch = globalThis.fetch;
let familyState: string | undefined;
/** A day from which the family's state records the car, when its rule changes. */
let recordedFrom: string | undefined;
let vehicles: Array<{ registration: string; lastOdometer: number | null; lastUsedAt: string }>;

beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  if (!globalThis.crypto?.randomUUID) {
    Object.defineProperty(globalThis, 'crypto', { value: require('node:crypto').webcrypto });
  }
});

beforeEach(() => {
  localStorage.clear();
  familyState = undefined;
  recordedFrom = undefined;
  vehicles = [];
  globalThis.fetch = jest.fn(async (url: string) => {
    const on = new URL(url, 'http://app').searchParams.get('on');
    const recorded = familyState === 'QLD' || (recordedFrom !== undefined && on !== null && on >= recordedFrom);
    const body = url.startsWith('/api/vehicles')
      ? { recorded: { registration: recorded, odometer: recorded }, vehicles }
      : url === '/api/supervisors'
        ? { supervisors: [] }
        : {};
    return { ok: true, status: 200, statusText: '', json: async () => body, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = originalFetch;
});

function renderForm(loadDraftId: string | null = null) {
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <MemoryRouter>
        <SessionForm studentId={7} studentName="Sam Learner" loadDraftId={loadDraftId} onFinished={jest.fn()} />
      </MemoryRouter>
    </SWRConfig>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('the vehicle on the session form', () => {
  it('is optional where the state does not ask, and shows the distance the odometer readings make', async () => {
    renderForm();
    expect(await screen.findByRole('heading', { level: 2, name: 'Vehicle' })).toBeTruthy();
    type('Registration (optional)', 's123abc');
    type('Odometer at start (km) (optional)', '41250');
    type('Odometer at end (km) (optional)', '41273');
    expect(screen.getByTestId('odometer-distance').textContent).toBe('Distance: 23 km');
    type('Odometer at end (km) (optional)', '41249');
    expect(screen.getByText(VALIDATION.odometerEndBeforeStart)).toBeTruthy();
    expect(screen.getByTestId('odometer-distance').textContent).toBe('');
    type('Odometer at start (km) (optional)', '41.5');
    expect(screen.getByText(VALIDATION.odometerInvalid)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Submit Session' }));
    expect(screen.queryByText(VALIDATION.vehicleRegistrationRequired)).toBeNull();
  });

  it("asks for the registration and both readings where the family's state records them (Queensland)", async () => {
    familyState = 'QLD';
    renderForm();
    expect(await screen.findByLabelText('Registration')).toBeTruthy();
    expect(screen.getByText(/Your state's log book records the car/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Session' }));
    expect(await screen.findByText(VALIDATION.vehicleRegistrationRequired)).toBeTruthy();
    expect(screen.getByText(VALIDATION.odometerStartRequired)).toBeTruthy();
    expect(screen.getByText(VALIDATION.odometerEndRequired)).toBeTruthy();
    type('Registration', '123ABC');
    expect(screen.queryByText(VALIDATION.vehicleRegistrationRequired)).toBeNull();
  });

  it("asks for the car under the rule in force on the drive's date", async () => {
    recordedFrom = '2026-06-01';
    renderForm();
    type('Date', '2026-05-31');
    expect(await screen.findByLabelText('Registration (optional)')).toBeTruthy();
    type('Date', '2026-06-01');
    expect(await screen.findByLabelText('Registration')).toBeTruthy();
    expect(screen.getByText(/Your state's log book records the car/)).toBeTruthy();
    expect(globalThis.fetch).toHaveBeenCalledWith('/api/vehicles?on=2026-06-01', expect.anything());
    type('Date', '2026-05-30');
    expect(await screen.findByLabelText('Registration (optional)')).toBeTruthy();
  });

  it('offers the family’s saved cars: picking one fills its registration and starts at its last reading', async () => {
    vehicles = [
      { registration: 'S123ABC', lastOdometer: 41273, lastUsedAt: '2026-03-07T10:00:00.000Z' },
      { registration: 'XYZ789', lastOdometer: null, lastUsedAt: '2026-03-01T10:00:00.000Z' },
    ];
    renderForm();
    const choice = await screen.findByRole('group', { name: 'Which car?' });
    expect(within(choice).getByText('Last reading 41273 km')).toBeTruthy();
    expect((within(choice).getByLabelText('Another car') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(choice).getByLabelText(/S123ABC/));
    expect(field('Registration (optional)').value).toBe('S123ABC');
    expect(field('Odometer at start (km) (optional)').value).toBe('41273');
    fireEvent.click(within(choice).getByLabelText('Another car'));
    expect(field('Registration (optional)').value).toBe('');
    // Typed by hand, a saved plate is still that car.
    type('Registration (optional)', 'xyz789');
    expect((within(choice).getByLabelText(/XYZ789/) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps the vehicle in a draft and brings it back', async () => {
    saveDraft(
      draftFromValues({
        id: 'draft-car-1',
        studentId: 7,
        studentName: 'Sam Learner',
        values: { ...emptySessionValues(), vehicleRegistration: 'S123ABC', odometerStart: '100', odometerEnd: '130' },
        now: new Date('2026-03-07T09:30:00Z'),
      }),
    );
    renderForm('draft-car-1');
    await screen.findByRole('heading', { level: 2, name: 'Vehicle' });
    expect(field('Registration (optional)').value).toBe('S123ABC');
    expect(field('Odometer at end (km) (optional)').value).toBe('130');
    expect(screen.getByTestId('odometer-distance').textContent).toBe('Distance: 30 km');
    type('Odometer at end (km) (optional)', '142');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    });
    expect(findDraft('draft-car-1')).toMatchObject({ vehicleRegistration: 'S123ABC', odometerEnd: '142' });
  });
});

describe('the vehicle in what is sent', () => {
  it('sends the odometer readings as whole kilometres and leaves out what was not given', () => {
    const values = { ...emptySessionValues(), date: '2026-03-07', startTime: '09:00', endTime: '10:00' };
    const withCar = sessionPayload(
      { ...values, vehicleRegistration: ' S123ABC ', odometerStart: '100', odometerEnd: '130' },
      7,
      'client-1',
    );
    expect(withCar).toMatchObject({ vehicleRegistration: 'S123ABC', odometerStart: 100, odometerEnd: 130 });
    const without = sessionPayload(values, 7, 'client-2');
    expect(without).not.toHaveProperty('vehicleRegistration');
    expect(without).not.toHaveProperty('odometerStart');
    // A session queued on the device reads back into the form as the text typed.
    expect(draftValuesFrom(withCar)).toMatchObject({ odometerStart: '100', odometerEnd: '130' });
  });
});

describe('the vehicle in a correction', () => {
  it('opens the correction of a logged entry with its vehicle and odometer readings', () => {
    const logged = {
      id: 3,
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
      clientId: 'client-3',
      createdAt: '2026-03-07T10:00:00.000Z',
      vehicleRegistration: 'S123ABC',
      odometerStart: 41250,
      odometerEnd: 41273,
    } as HistoryEntry;
    expect(entryValues(logged)).toMatchObject({
      vehicleRegistration: 'S123ABC',
      odometerStart: '41250',
      odometerEnd: '41273',
    });
    expect(entryValues({ ...logged, vehicleRegistration: null, odometerStart: null, odometerEnd: null })).toMatchObject(
      { vehicleRegistration: '', odometerStart: '', odometerEnd: '' },
    );
  });
});
