import { act, fireEvent, render, screen } from '@testing-library/react';
import { RoutedMemoryRouter as MemoryRouter } from './routed';
import { LOCATION_ERRORS } from '@logbook/contracts/messages';
import { getToasts, resetToasts } from '@logbook/shell-context/toasts';
import { SessionForm } from '../src/features/session-form/components/SessionForm';

type Success = (p: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (e: { code: number }) => void;

const originalFetch = globalThis.fetch;
let position: { latitude: number; longitude: number } | { code: number } = { latitude: -34.92, longitude: 138.63 };
let options: PositionOptions | undefined;

beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  if (!globalThis.crypto?.randomUUID) {
    Object.defineProperty(globalThis, 'crypto', { value: require('node:crypto').webcrypto });
  }
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: Success, fail: Failure, opts: PositionOptions) => {
        options = opts;
        if ('code' in position) fail(position);
        else ok({ coords: position });
      },
    },
  });
});

afterAll(() => {
  globalThis.fetch = originalFetch;
});

beforeEach(() => {
  localStorage.clear();
  resetToasts();
  position = { latitude: -34.92, longitude: 138.63 };
});

function answerWith(body: unknown, ok = true) {
  const fetchMock = jest.fn(async () => ({ ok, status: ok ? 200 : 500, statusText: '', json: async () => body }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function renderForm() {
  render(
    <MemoryRouter>
      <SessionForm studentId={7} studentName="Sam Learner" loadDraftId={null} onFinished={jest.fn()} />
    </MemoryRouter>,
  );
}

/** The reverse-geocoding requests among the fetches (the form also reads the family's saved supervisors). */
const geocodeCalls = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.filter((call) => !String((call as unknown[])[0]).startsWith('/api/'));

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('the current-location buttons', () => {
  it('fill the start suburb with the locality, asking with high accuracy, 10 s and 60 s', async () => {
    const fetchMock = answerWith({ locality: 'Norwood', city: 'Adelaide' });
    renderForm();
    await click('Use current location for Start Suburb');
    expect(input('Start Suburb').value).toBe('Norwood');
    expect(options).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 });
    const url = new URL(String((geocodeCalls(fetchMock)[0] as unknown[])[0]));
    expect(url.searchParams.get('localityLanguage')).toBe('en');
    expect(getToasts()[0]).toMatchObject({ title: 'Location Found', description: 'Current location: Norwood' });
    expect(input('End Time').value).toBe('');
  });

  it('fill an empty end time with the end location, but never overwrite one', async () => {
    answerWith({ city: 'Adelaide' });
    renderForm();
    await click('Use current location for End Suburb');
    expect(input('End Suburb').value).toBe('Adelaide');
    expect(input('End Time').value).toMatch(/^\d{2}:\d{2}$/);

    fireEvent.change(input('End Time'), { target: { value: '05:05' } });
    await click('Use current location for End Suburb');
    expect(input('End Time').value).toBe('05:05');
  });

  it('write Location unavailable when the lookup fails', async () => {
    answerWith({}, false);
    renderForm();
    await click('Use current location for Start Suburb');
    expect(input('Start Suburb').value).toBe('Location unavailable');
    expect(getToasts()[0]).toMatchObject({ title: 'Location Error', description: LOCATION_ERRORS.nameFailed });
  });

  it.each([
    [1, LOCATION_ERRORS.denied],
    [2, LOCATION_ERRORS.unavailable],
    [3, LOCATION_ERRORS.timeout],
  ])('say why when the position fails (code %i)', async (code, message) => {
    position = { code };
    const fetchMock = answerWith({});
    renderForm();
    await click('Use current location for Start Suburb');
    expect(getToasts()[0]).toMatchObject({ title: 'Location Error', description: message, variant: 'destructive' });
    expect(input('Start Suburb').value).toBe('');
    expect(geocodeCalls(fetchMock)).toHaveLength(0);
  });
});
