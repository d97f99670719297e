import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { TOASTS, VALIDATION } from '@logbook/contracts/messages';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import { draftFromValues, saveDraft } from '@logbook/session-device/drafts';
import { getToasts, resetToasts } from '@logbook/shell-context/toasts';
import { RoutedMemoryRouter as MemoryRouter } from './routed';
import { SessionForm } from '../src/features/session-form/components/SessionForm';
import { emptySessionValues } from '../src/lib/sessionValues';
import { setOutboxStoreForTests } from '../src/lib/outbox/outboxRuntime';
import { createMemoryOutboxStore } from '../src/lib/outbox/outboxStore';

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';
const originalFetch = globalThis.fetch;
let posted: Array<Record<string, unknown>>;
let savedSupervisors: unknown[];

beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  // jsdom leaves out structuredClone, which the memory outbox copies entries with.
  globalThis.structuredClone ??= <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  if (!globalThis.crypto?.randomUUID) {
    Object.defineProperty(globalThis, 'crypto', { value: require('node:crypto').webcrypto });
  }
});

beforeEach(() => {
  localStorage.clear();
  resetToasts();
  posted = [];
  savedSupervisors = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    let status = 200;
    let body: unknown = {};
    if (url === '/api/driving-sessions' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      status = 201;
      body = { id: 41, signOff: { status: 'awaiting', remote: true } };
    } else if (url.startsWith('/api/vehicles')) {
      body = { recorded: { registration: false, odometer: false }, vehicles: [] };
    } else if (url === '/api/supervisors') {
      body = { supervisors: savedSupervisors };
    }
    return {
      ok: status < 300,
      status,
      statusText: '',
      json: async () => body,
      text: async () => JSON.stringify(body),
    };
  }) as unknown as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = originalFetch;
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
  setOutboxStoreForTests(undefined);
});

/** The form opened on a draft with every field filled and both signatures drawn. */
function renderFilledForm() {
  saveDraft(
    draftFromValues({
      id: 'draft-remote',
      studentId: 7,
      studentName: 'Sam Learner',
      values: {
        ...emptySessionValues(),
        date: '2026-01-15',
        startTime: '10:00',
        endTime: '11:30',
        startSuburb: 'Norwood',
        endSuburb: 'Glenelg',
        timeOfDay: 'day',
        trafficConditions: 'light',
        roadConditions: 'sealed',
        weatherConditions: 'clear',
        studentSignature: SIGNATURE,
        supervisorName: 'Pat Driver',
        supervisorLicenseNumber: 'SA12345',
        supervisorSignature: SIGNATURE,
      },
    }),
  );
  const onFinished = jest.fn();
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <MemoryRouter>
        <SessionForm studentId={7} studentName="Sam Learner" loadDraftId="draft-remote" onFinished={onFinished} />
      </MemoryRouter>
    </SWRConfig>,
  );
  return { onFinished };
}

const choice = () => screen.getByRole('checkbox', { name: 'Ask the supervisor to sign' }) as HTMLInputElement;
const emailField = () => screen.findByLabelText("Supervisor's email") as Promise<HTMLInputElement>;
const supervisorPad = () => screen.queryByLabelText("Supervisor's signature");
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Submit Session' })));

describe('asking the supervisor to sign on their own phone, on the session form', () => {
  it("offers the choice in the supervisor's signature card; ticked, an email field takes the pad's place", async () => {
    renderFilledForm();
    expect(choice().checked).toBe(false);
    expect(supervisorPad()).not.toBeNull();
    expect(screen.queryByLabelText("Supervisor's email")).toBeNull();
    fireEvent.click(choice());
    expect((await emailField()).type).toBe('email');
    expect(supervisorPad()).toBeNull();
    // The student still signs here.
    expect(screen.getByLabelText('Signature of Sam Learner')).toBeTruthy();
  });

  it("starts from the saved supervisor's email when the family keeps one", async () => {
    savedSupervisors = [
      {
        id: 5,
        name: 'Pat Driver',
        licenseNumber: 'SA12345',
        isInstructor: false,
        email: 'pat@example.com',
        lastUsedAt: null,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ];
    renderFilledForm();
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalledWith('/api/supervisors', expect.anything()));
    // The saved supervisor matching the draft's name and licence number is picked once the list is known (drawn).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(choice());
    expect((await emailField()).value).toBe('pat@example.com');
  });

  it('checks the email, with a clear message, and sends nothing until it is right', async () => {
    renderFilledForm();
    fireEvent.click(choice());
    await emailField();
    await submit();
    expect(screen.getByText(VALIDATION.invalidEmail)).toBeTruthy();
    expect((await emailField()).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(await emailField(), { target: { value: 'pat@example' } });
    await submit();
    expect(screen.getByText(VALIDATION.invalidEmail)).toBeTruthy();
    expect(posted).toHaveLength(0);
    fireEvent.change(await emailField(), { target: { value: 'pat@example.com' } });
    await waitFor(() => expect(screen.queryByText(VALIDATION.invalidEmail)).toBeNull());
  });

  it("posts the request for the supervisor's signature in place of their signature, then goes the usual way", async () => {
    const { onFinished } = renderFilledForm();
    fireEvent.click(choice());
    fireEvent.change(await emailField(), { target: { value: ' Pat@Example.com ' } });
    await submit();
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      studentId: 7,
      supervisorName: 'Pat Driver',
      studentSignature: SIGNATURE,
      remoteSignOff: { supervisorEmail: 'Pat@Example.com' },
    });
    expect(posted[0]).not.toHaveProperty('supervisorSignature');
    expect(getToasts().map((t) => t.title)).toContain(TOASTS.sessionLogged);
  });

  it('brings the pad back when the choice is unticked, and then sends the signature and no request', async () => {
    const { onFinished } = renderFilledForm();
    fireEvent.click(choice());
    fireEvent.change(await emailField(), { target: { value: 'pat@example.com' } });
    fireEvent.click(choice());
    expect(supervisorPad()).not.toBeNull();
    expect(screen.queryByLabelText("Supervisor's email")).toBeNull();
    await submit();
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(posted[0]).toMatchObject({ supervisorSignature: SIGNATURE });
    expect(posted[0]).not.toHaveProperty('remoteSignOff');
  });

  it('offline, keeps the request in the outbox, without the supervisor signature, to be sent when back online', async () => {
    const store = createMemoryOutboxStore();
    setOutboxStoreForTests(store);
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    const { onFinished } = renderFilledForm();
    fireEvent.click(choice());
    fireEvent.change(await emailField(), { target: { value: 'pat@example.com' } });
    await submit();
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(posted).toHaveLength(0);
    const [waiting] = await store.all();
    expect(waiting.payload).toMatchObject({
      studentSignature: SIGNATURE,
      remoteSignOff: { supervisorEmail: 'pat@example.com' },
    });
    expect(waiting.payload).not.toHaveProperty('supervisorSignature');
    expect(getToasts().map((t) => t.title)).toContain(TOASTS.sessionQueuedTitle);
  });
});
