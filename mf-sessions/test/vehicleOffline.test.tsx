import { act, fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { VALIDATION } from '@logbook/contracts/messages';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import { progressSummary } from './fixtures';
import { RoutedMemoryRouter as MemoryRouter } from './routed';
import ProgressSummary from '../src/app/widgets/ProgressSummary';
import { SessionForm } from '../src/features/session-form/components/SessionForm';
import { VehicleDetailsUnavailable } from '../src/features/session-form/components/VehicleDetailsUnavailable';
import { emptySessionValues } from '../src/lib/sessionValues';

const originalFetch = globalThis.fetch;
const summary = { ...progressSummary, state: 'QLD' };
let online: boolean;

beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  if (!globalThis.crypto?.randomUUID) {
    Object.defineProperty(globalThis, 'crypto', { value: require('node:crypto').webcrypto });
  }
});

beforeEach(() => {
  localStorage.clear();
  online = true;
  globalThis.fetch = jest.fn(async (url: string) => {
    if (!online) throw new TypeError('Failed to fetch');
    const body = url.startsWith('/api/vehicles')
      ? { recorded: { registration: true, odometer: true }, state: 'QLD', vehicles: [] }
      : url === '/api/supervisors'
        ? { supervisors: [] }
        : url === '/api/driving-sessions/7/summary'
          ? summary
          : {};
    return { ok: true, status: 200, statusText: '', json: async () => body, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = originalFetch;
});

function renderForm() {
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <MemoryRouter>
        <SessionForm studentId={7} studentName="Sam Learner" loadDraftId={null} onFinished={jest.fn()} />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe("a Queensland family's entry without a connection", () => {
  it("asks for the car under the state's rule kept from an earlier visit, with no answer from the server", async () => {
    // Online once: the family's state is heard with the vehicles and kept.
    const first = renderForm();
    expect(await screen.findByLabelText('Registration')).toBeTruthy();
    first.unmount();

    online = false;
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    try {
      renderForm();
      expect(await screen.findByLabelText('Registration')).toBeTruthy();
      const calls = (globalThis.fetch as jest.Mock).mock.calls.length;
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Session' })));
      expect(screen.getByText(VALIDATION.vehicleRegistrationRequired)).toBeTruthy();
      expect(screen.getByText(VALIDATION.odometerStartRequired)).toBeTruthy();
      expect(screen.getByText(VALIDATION.odometerEndRequired)).toBeTruthy();
      // Nothing was sent, and nothing queued to be refused later.
      const posted = (globalThis.fetch as jest.Mock).mock.calls
        .slice(calls)
        .filter(([, init]) => init?.method === 'POST');
      expect(posted).toEqual([]);
      expect(screen.queryByText(/queued|will be sent/i)).toBeNull();
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    }
  });

  it('knows the state from the progress shown online, on a device that never opened the form online', async () => {
    const panel = render(
      <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
        <MemoryRouter>
          <ProgressSummary studentId={7} />
        </MemoryRouter>
      </SWRConfig>,
    );
    await screen.findByTestId('progress-summary');
    panel.unmount();
    expect((globalThis.fetch as jest.Mock).mock.calls.some(([url]) => String(url).startsWith('/api/vehicles'))).toBe(
      false,
    );

    online = false;
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    try {
      renderForm();
      expect(await screen.findByLabelText('Registration')).toBeTruthy();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Session' })));
      expect(screen.getByText(VALIDATION.vehicleRegistrationRequired)).toBeTruthy();
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    }
  });

  it("where the vehicle card's code never arrived, its stand-in still asks for the three fields the state records", () => {
    const onChange = jest.fn();
    const values = { ...emptySessionValues(), odometerStart: '41250' };
    const { rerender } = render(
      <VehicleDetailsUnavailable
        values={values}
        errors={{ vehicleRegistration: VALIDATION.vehicleRegistrationRequired }}
        onChange={onChange}
        asked={{ registration: true, odometer: true }}
      />,
    );
    expect(screen.getByText(VALIDATION.vehicleRegistrationRequired)).toBeTruthy();
    expect((screen.getByLabelText('Odometer at start (km)') as HTMLInputElement).value).toBe('41250');
    fireEvent.change(screen.getByLabelText('Registration'), { target: { value: '123ABC' } });
    expect(onChange).toHaveBeenCalledWith('vehicleRegistration', '123ABC');
    expect(screen.getByLabelText('Odometer at end (km)')).toBeTruthy();

    rerender(
      <VehicleDetailsUnavailable
        values={values}
        errors={{}}
        onChange={onChange}
        asked={{ registration: false, odometer: false }}
      />,
    );
    expect(screen.queryByLabelText('Registration')).toBeNull();
    expect(screen.getByText("The vehicle's details can be added once you are online.")).toBeTruthy();
  });
});
