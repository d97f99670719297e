import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Routed, RoutedMemoryRouter } from './routed';
import { ADELAIDE, sunTimes } from '@logbook/contracts/sun';
import { resetToasts } from '@logbook/shell-context/toasts';
import {
  endRunningDrive,
  readRunningDrive,
  runningDriveStorageKey,
  startRunningDrive,
} from '@logbook/session-device/runningDrive';
import { LiveDrivePanel } from '../src/features/live-drive/components/LiveDrivePanel';
import { SessionForm } from '../src/features/session-form/components/SessionForm';
import { useSubmitSession } from '../src/features/session-form/hooks/useSubmitSession';
import { setOutboxStoreForTests } from '../src/lib/outbox/outboxRuntime';
import { createMemoryOutboxStore, type OutboxStore } from '../src/lib/outbox/outboxStore';
import { emptySessionValues, type SessionValues } from '../src/lib/sessionValues';

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';
const originalFetch = globalThis.fetch;
let store: OutboxStore;

beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  if (!globalThis.crypto?.randomUUID) {
    Object.defineProperty(globalThis, 'crypto', { value: require('node:crypto').webcrypto });
  }
  globalThis.structuredClone ??= <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  // No location on this device: the drive still starts, without a suburb.
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
});

beforeEach(() => {
  localStorage.clear();
  resetToasts();
  store = createMemoryOutboxStore();
  setOutboxStoreForTests(store);
});

afterEach(() => {
  jest.useRealTimers();
  globalThis.fetch = originalFetch;
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

function answer(status: number, body: unknown) {
  const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => ({
    ok: status < 300,
    status,
    statusText: '',
    text: async () => JSON.stringify(body),
    json: async () => body,
  }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function renderPanel() {
  return render(
    <MemoryRouter initialEntries={['/students/7/sessions']}>
      <Routes>
        <Route
          path="/students/7/sessions"
          element={
            <Routed>
              <LiveDrivePanel studentId={7} finishPath="/finish" />
            </Routed>
          }
        />
        <Route path="/finish" element={<p>Finish form</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the live drive card', () => {
  it('starts a drive, shows the time ticking, and keeps it on the device', () => {
    jest.useFakeTimers({ now: new Date('2026-03-07T10:00:00') });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Start Drive' }));
    expect(readRunningDrive(7)).toMatchObject({ date: '2026-03-07', startTime: '10:00' });
    expect(screen.getByRole('heading', { name: 'Drive in progress' })).toBeTruthy();
    expect(screen.getByText('Started at 10:00')).toBeTruthy();
    act(() => {
      jest.advanceTimersByTime(40 * 60_000);
    });
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('Driving for 40 min');
    expect(screen.getByRole('timer').textContent).toBe('0:40:00');
  });

  it('shows a drive started earlier (a reload) and discards it only once confirmed', () => {
    startRunningDrive(7, { now: new Date(Date.now() - 5 * 60_000), startSuburb: 'Norwood' });
    renderPanel();
    expect(screen.getByText(/^Started at \d{2}:\d{2} in Norwood$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard this drive?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the drive' }));
    expect(readRunningDrive(7)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard drive' }));
    expect(readRunningDrive(7)).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Start Drive' })).toBeTruthy();
  });

  it('ends the drive and opens the form', async () => {
    startRunningDrive(7, { now: new Date(Date.now() - 40 * 60_000) });
    renderPanel();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'End Drive' }));
    });
    expect(screen.getByText('Finish form')).toBeTruthy();
    expect(readRunningDrive(7)?.ended?.endTime).toMatch(/^\d{2}:\d{2}$/);
  });

  it('asks when a drive running more than five hours really ended', async () => {
    startRunningDrive(7, { now: new Date(Date.now() - 6 * 60 * 60_000) });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'End Drive' }));
    const dialog = screen.getByRole('dialog', { name: 'When did the drive end?' });
    expect(dialog.textContent).toMatch(/running for 6 h/);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'End Drive' }));
    });
    expect(within(dialog).getByText('Enter the date and time the drive ended')).toBeTruthy();
    expect(readRunningDrive(7)?.ended).toBeUndefined();
  });

  it('offers Start Drive only when the subscription allows a session', () => {
    render(
      <RoutedMemoryRouter>
        <LiveDrivePanel studentId={7} finishPath="/finish" canStart={false} />
      </RoutedMemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Start Drive' })).toBeNull();
  });
});

describe('the form filled from an ended drive', () => {
  const DATE = '2026-03-07';
  const sun = sunTimes(DATE, ADELAIDE)!;
  const minus = (hhmm: string, n: number) => {
    const [h, m] = hhmm.split(':').map(Number);
    const t = h * 60 + m - n;
    return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
  };

  it('fills the date, times and suburbs, and offers two entries for a drive across sunset', () => {
    answer(404, { message: 'Not found' });
    const [h, m] = minus(sun.sunset, 30).split(':').map(Number);
    startRunningDrive(7, { now: new Date(2026, 2, 7, h, m), startSuburb: 'Norwood' });
    const [eh, em] = minus(sun.sunset, -20).split(':').map(Number);
    endRunningDrive(7, { endedAt: new Date(2026, 2, 7, eh, em), endSuburb: 'Glenelg' });
    render(
      <RoutedMemoryRouter>
        <SessionForm studentId={7} studentName="Sam Learner" loadDraftId={null} fromDrive onFinished={jest.fn()} />
      </RoutedMemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Finish Your Drive');
    expect((screen.getByLabelText('Start Suburb') as HTMLInputElement).value).toBe('Norwood');
    expect((screen.getByLabelText('End Suburb') as HTMLInputElement).value).toBe('Glenelg');
    expect((screen.getByLabelText('Duration') as HTMLInputElement).value).toBe('0.8 hours');
    expect(screen.getByRole('heading', { name: `This drive crossed sunset at ${sun.sunset}` })).toBeTruthy();
    expect(screen.getByTestId('split-parts').textContent).toBe(
      `Day ${minus(sun.sunset, 30)}–${sun.sunset} (30m) and Night ${sun.sunset}–${minus(sun.sunset, -20)} (20m)`,
    );
    expect((screen.getByRole('radio', { name: /Two entries/ }) as HTMLInputElement).checked).toBe(true);
    // A weather still to pick: the form asks for it.
    expect((screen.getByLabelText('Weather') as HTMLSelectElement).value).toBe('');
  });
});

describe('submitting a drive as two entries', () => {
  const values: SessionValues = {
    ...emptySessionValues(),
    date: '2026-03-07',
    startTime: '19:10',
    endTime: '20:00',
    startSuburb: 'Norwood',
    endSuburb: 'Glenelg',
    timeOfDay: 'night',
    trafficConditions: 'light',
    roadConditions: 'sealed',
    weatherConditions: 'rain',
    studentSignature: SIGNATURE,
    supervisorName: 'Pat Driver',
    supervisorLicenseNumber: 'SA12345',
    supervisorSignature: SIGNATURE,
  };
  const parts = [
    {
      values: { startTime: '19:10', endTime: '19:42', timeOfDay: 'day' },
      clientId: '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a61',
    },
    {
      values: { startTime: '19:42', endTime: '20:00', timeOfDay: 'night' },
      clientId: '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a62',
    },
  ];

  async function submit() {
    const { result } = renderHook(() => useSubmitSession());
    let outcome = '';
    await act(async () => {
      outcome = await result.current.submit({
        studentId: 7,
        studentName: 'Sam Learner',
        values,
        clientId: parts[0].clientId,
        parts,
        supervisor: { supervisorIsInstructor: false, rememberSupervisor: true },
        validate: () => true,
        saveAsDraft: () => true,
        discardDraft: () => undefined,
      });
    });
    return outcome;
  }

  it('posts the day part and the night part with the same conditions and signatures', async () => {
    const fetchMock = answer(201, {});
    expect(await submit()).toBe('logged');
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toHaveLength(2);
    expect(bodies.map((b) => [b.startTime, b.endTime, b.timeOfDay, b.duration])).toEqual([
      ['19:10', '19:42', 'day', '0.5 hours'],
      ['19:42', '20:00', 'night', '0.3 hours'],
    ]);
    for (const b of bodies) {
      expect(b).toMatchObject({
        weatherConditions: 'rain',
        studentSignature: SIGNATURE,
        supervisorSignature: SIGNATURE,
        rememberSupervisor: true,
        supervisorIsInstructor: false,
      });
    }
    expect(new Set(bodies.map((b) => b.clientId)).size).toBe(2);
  });

  it('keeps both parts in the outbox when offline', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    const fetchMock = answer(201, {});
    expect(await submit()).toBe('queued');
    expect(fetchMock).not.toHaveBeenCalled();
    const queued = await store.all();
    expect(queued.map((e) => e.payload.timeOfDay).sort()).toEqual(['day', 'night']);
  });
});

it('keeps the running drive under its own key per student', () => {
  startRunningDrive(3);
  expect(localStorage.getItem(runningDriveStorageKey(3))).not.toBeNull();
  expect(localStorage.getItem(runningDriveStorageKey(4))).toBeNull();
});

describe('weather and suburbs on the form', () => {
  it('asks for the weather after Time of Day, and warns (not refuses) a place that is not a suburb', async () => {
    answer(404, { message: 'Not found' });
    render(
      <RoutedMemoryRouter>
        <SessionForm studentId={7} studentName="Sam Learner" loadDraftId={null} onFinished={jest.fn()} />
      </RoutedMemoryRouter>,
    );
    const conditions = screen.getByRole('heading', { name: 'Driving Conditions' }).closest('section')!;
    expect(
      within(conditions)
        .getAllByRole('combobox')
        .map((s) => s.getAttribute('name')),
    ).toEqual(['timeOfDay', 'weatherConditions', 'trafficConditions', 'roadConditions']);
    expect(
      within(screen.getByLabelText('Weather'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select weather', 'Clear', 'Overcast', 'Rain', 'Fog']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit Session' }));
    });
    expect(screen.getByText('Please select weather conditions')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Start Suburb'), { target: { value: 'Home' } });
    const start = screen.getByLabelText('Start Suburb');
    const hintId = start.getAttribute('aria-describedby')!.split(' ')[0];
    expect(document.getElementById(hintId)?.textContent).toMatch(/^Record the suburb, not 'home', not 'shops'/);
    expect(start.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(start, { target: { value: 'Norwood' } });
    expect(screen.queryByText(/Record the suburb/)).toBeNull();
  });
});
