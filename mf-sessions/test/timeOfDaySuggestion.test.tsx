import { act, fireEvent, render, screen } from '@testing-library/react';
import { RoutedMemoryRouter as MemoryRouter } from './routed';
import { DRAFTS_STORAGE_KEY } from '@logbook/contracts/constants';
import { resetToasts } from '@logbook/shell-context/toasts';
import { SessionForm } from '../src/features/session-form/components/SessionForm';
import { draftFromValues, saveDraft } from '@logbook/session-device/drafts';
import { emptySessionValues } from '../src/lib/sessionValues';

const originalFetch = globalThis.fetch;

beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  // The device is in Adelaide: a located drive's sunrise and sunset are read on its clock.
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone: 'Australia/Adelaide' };
  });
  if (!globalThis.crypto?.randomUUID) {
    Object.defineProperty(globalThis, 'crypto', { value: require('node:crypto').webcrypto });
  }
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: (p: { coords: { latitude: number; longitude: number } }) => void) =>
        ok({ coords: { latitude: -34.92154, longitude: 138.63087 } }),
    },
  });
});

afterAll(() => {
  globalThis.fetch = originalFetch;
});

beforeEach(() => {
  localStorage.clear();
  resetToasts();
});

function renderForm(loadDraftId: string | null = null) {
  render(
    <MemoryRouter>
      <SessionForm studentId={7} studentName="Sam Learner" loadDraftId={loadDraftId} onFinished={jest.fn()} />
    </MemoryRouter>,
  );
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const timeOfDay = () => input('Time of Day') as unknown as HTMLSelectElement;
const suggestion = () => screen.getByTestId('time-of-day-suggestion');
const setTimes = (date: string, start: string, end: string) => {
  fireEvent.change(input('Date'), { target: { value: date } });
  fireEvent.change(input('Start Time'), { target: { value: start } });
  fireEvent.change(input('End Time'), { target: { value: end } });
};

describe('the Day or Night suggestion on the session form', () => {
  it('waits for both times, then picks Night for 21:00–22:00 in Adelaide in January and says why', () => {
    renderForm();
    fireEvent.change(input('Date'), { target: { value: '2026-01-15' } });
    fireEvent.change(input('Start Time'), { target: { value: '21:00' } });
    expect(suggestion().textContent).toBe('');
    expect(timeOfDay().value).toBe('');

    fireEvent.change(input('End Time'), { target: { value: '22:00' } });
    expect(timeOfDay().value).toBe('night');
    expect(suggestion().getAttribute('aria-live')).toBe('polite');
    expect(suggestion().textContent).toMatch(/^Night, from the sun: Sunset in Adelaide on 15 Jan at 20:\d\d\.$/);
    expect(timeOfDay().getAttribute('aria-describedby')).toContain(suggestion().id);
    expect(screen.queryByRole('button', { name: /^Use (Day|Night)$/ })).toBeNull();

    fireEvent.change(input('Start Time'), { target: { value: '12:00' } });
    fireEvent.change(input('End Time'), { target: { value: '13:00' } });
    expect(timeOfDay().value).toBe('day');
    expect(suggestion().textContent).toMatch(
      /^Day, from the sun: Daylight in Adelaide on 15 Jan from 06:\d\d to 20:\d\d\.$/,
    );
  });

  it("never overrides the person's own choice, but still shows the sun's answer with a button to use it", () => {
    renderForm();
    setTimes('2026-01-15', '21:00', '22:00');
    fireEvent.change(timeOfDay(), { target: { value: 'day' } });
    expect(timeOfDay().value).toBe('day');
    expect(suggestion().textContent).toMatch(/^The sun suggests Night: Sunset in Adelaide on 15 Jan at 20:\d\d\./);

    fireEvent.change(input('End Time'), { target: { value: '22:30' } });
    expect(timeOfDay().value).toBe('day');

    fireEvent.click(screen.getByRole('button', { name: 'Use Night' }));
    expect(timeOfDay().value).toBe('night');
    expect(screen.queryByRole('button', { name: 'Use Night' })).toBeNull();

    setTimes('2026-01-15', '12:00', '13:00');
    expect(timeOfDay().value).toBe('night');
    expect(screen.getByRole('button', { name: 'Use Day' })).toBeTruthy();
  });

  it('keeps the Time of Day a draft brought back', () => {
    saveDraft(
      draftFromValues({
        id: 'draft-1-sun',
        studentId: 7,
        studentName: 'Sam Learner',
        values: { ...emptySessionValues(), date: '2026-01-15', startTime: '21:00', endTime: '22:00', timeOfDay: 'day' },
      }),
    );
    renderForm('draft-1-sun');
    expect(timeOfDay().value).toBe('day');
    expect(screen.getByRole('button', { name: 'Use Night' })).toBeTruthy();
  });

  it('uses the place the location button found, and keeps its coordinates (about 100 m) in the draft', async () => {
    globalThis.fetch = jest.fn(async () => ({
      ok: true,
      status: 200,
      statusText: '',
      json: async () => ({ locality: 'Norwood' }),
    })) as unknown as typeof fetch;
    renderForm();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use current location for Start Suburb' }));
    });
    setTimes('2026-01-15', '21:00', '22:00');
    expect(suggestion().textContent).toMatch(/Sunset in Norwood on 15 Jan at 20:\d\d\./);

    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    const [stored] = JSON.parse(localStorage.getItem(DRAFTS_STORAGE_KEY)!);
    expect(stored.coordinates).toEqual({ latitude: -34.922, longitude: 138.631 });
    const copy = JSON.parse(localStorage.getItem('driving-session-draft-7')!);
    expect(copy).toMatchObject({ coordinates: { latitude: -34.922, longitude: 138.631 }, placeName: 'Norwood' });
  });

  it('brings the coordinates back with a draft, naming the place after its suburb', () => {
    saveDraft(
      draftFromValues({
        id: 'draft-2-sun',
        studentId: 7,
        studentName: 'Sam Learner',
        values: {
          ...emptySessionValues(),
          date: '2026-01-15',
          startTime: '21:00',
          endTime: '22:00',
          startSuburb: 'Unley',
        },
        coordinates: { latitude: -34.95, longitude: 138.6 },
      }),
    );
    renderForm('draft-2-sun');
    expect(timeOfDay().value).toBe('night');
    expect(suggestion().textContent).toMatch(/Sunset in Unley on 15 Jan at 20:\d\d\./);
  });
});
