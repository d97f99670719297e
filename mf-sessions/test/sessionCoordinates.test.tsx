import { act, renderHook } from '@testing-library/react';
import { resetToasts } from '@logbook/shell-context/toasts';
import { useSubmitSession } from '../src/features/session-form/hooks/useSubmitSession';
import { readCoordinates as coordinatesFrom, roundedCoordinates } from '@logbook/session-device/storedValues';
import {
  draftFromValues,
  readDrafts,
  readFormDraft,
  saveDraft,
  writeFormDraft,
  type DraftStorage,
} from '@logbook/session-device/drafts';
import { parentAccount, rememberAccount } from '@logbook/session-device/deviceAccount';
import { flushOutboxNow, setOutboxStoreForTests } from '../src/lib/outbox/outboxRuntime';
import { createMemoryOutboxStore, type OutboxStore } from '../src/lib/outbox/outboxStore';
import { emptySessionValues, sessionPayload, type SessionValues } from '../src/lib/sessionValues';

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';
const CLIENT_ID = '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b';
const NORWOOD = { latitude: -34.922, longitude: 138.631 };

const values: SessionValues = {
  ...emptySessionValues(),
  date: '2026-01-15',
  startTime: '21:00',
  endTime: '22:00',
  startSuburb: 'Norwood',
  endSuburb: 'Glenelg',
  timeOfDay: 'night',
  trafficConditions: 'light',
  roadConditions: 'sealed',
  studentSignature: SIGNATURE,
  supervisorName: 'Pat Driver',
  supervisorLicenseNumber: 'SA12345',
  supervisorSignature: SIGNATURE,
};

function memoryStorage(): DraftStorage {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const originalFetch = globalThis.fetch;
let store: OutboxStore;

beforeAll(() => {
  // jsdom leaves out structuredClone, which the memory outbox copies entries with.
  globalThis.structuredClone ??= <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
});

beforeEach(() => {
  localStorage.clear();
  resetToasts();
  store = createMemoryOutboxStore();
  setOutboxStoreForTests(store);
});

afterEach(() => {
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

async function submitWith(coordinates?: { latitude: number; longitude: number }) {
  const { result } = renderHook(() => useSubmitSession());
  let outcome = '';
  await act(async () => {
    outcome = await result.current.submit({
      studentId: 7,
      studentName: 'Sam Learner',
      values,
      coordinates,
      clientId: CLIENT_ID,
      validate: () => true,
      saveAsDraft: () => true,
      discardDraft: () => undefined,
    });
  });
  return outcome;
}

describe('coordinates rounded to about 100 m', () => {
  it('keep three decimals', () => {
    expect(roundedCoordinates(-34.92154, 138.63087)).toEqual(NORWOOD);
    expect(coordinatesFrom({ latitude: -34.92154, longitude: 138.63087 })).toEqual(NORWOOD);
  });

  it.each([
    [null],
    ['-34,138'],
    [{ latitude: '-34' }],
    [{ latitude: 95, longitude: 1 }],
    [{ latitude: NaN, longitude: 1 }],
  ])('are dropped when stored damaged: %p', (stored) => {
    expect(coordinatesFrom(stored)).toBeUndefined();
  });
});

describe('the session body', () => {
  it('carries the coordinates when the location button found them, and no key otherwise', () => {
    expect(sessionPayload(values, 7, CLIENT_ID, NORWOOD).coordinates).toEqual(NORWOOD);
    expect('coordinates' in sessionPayload(values, 7, CLIENT_ID)).toBe(false);
  });

  it('is posted with the coordinates', async () => {
    const fetchMock = answer(201, { id: 1 });
    expect(await submitWith(NORWOOD)).toBe('logged');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/driving-sessions');
    expect(JSON.parse(String(init!.body))).toMatchObject({ clientId: CLIENT_ID, coordinates: NORWOOD });
  });

  it('waits in the outbox with the coordinates while offline', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    const fetchMock = answer(201, {});
    expect(await submitWith(NORWOOD)).toBe('queued');
    expect(fetchMock).not.toHaveBeenCalled();
    const [entry] = await store.all();
    expect(entry.payload.coordinates).toEqual(NORWOOD);
  });

  it('comes back as a draft with its coordinates when the server refuses it from the outbox', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    answer(201, {});
    await submitWith(NORWOOD);
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    answer(403, { message: 'An active subscription is required' });
    // The outbox sends only for the account signed in, and the refused session goes back to that account's drafts.
    rememberAccount(parentAccount(1));
    await act(async () => {
      await flushOutboxNow();
    });
    const [draft] = readDrafts();
    expect(draft).toMatchObject({ startSuburb: 'Norwood', serverMessage: 'An active subscription is required' });
    expect(draft.coordinates).toEqual(NORWOOD);
    expect(readFormDraft(7)?.coordinates).toEqual(NORWOOD);
  });
});

describe('drafts keep the coordinates', () => {
  it('in the draft list', () => {
    const storage = memoryStorage();
    saveDraft(
      draftFromValues({ id: 'draft-1', studentId: 7, studentName: 'Sam', values, coordinates: NORWOOD }),
      storage,
    );
    saveDraft(draftFromValues({ id: 'draft-2', studentId: 7, studentName: 'Sam', values }), storage);
    const [located, plain] = readDrafts(storage);
    expect(located.coordinates).toEqual(NORWOOD);
    expect(plain.coordinates).toBeUndefined();
  });

  it("in the student's form copy, with the locality", () => {
    const storage = memoryStorage();
    writeFormDraft(7, { values, coordinates: NORWOOD, placeName: 'Norwood' }, storage);
    expect(readFormDraft(7, storage)).toMatchObject({ coordinates: NORWOOD, placeName: 'Norwood' });
    writeFormDraft(7, { values, placeName: 'Norwood' }, storage);
    expect(readFormDraft(7, storage)).toMatchObject({ coordinates: undefined, placeName: undefined });
  });
});
