/** @jest-environment node */
import { IDBFactory } from 'fake-indexeddb';
import type { DrivingSessionInput } from '@logbook/contracts/schemas';
import { draftFromValues, newDraftId, readDrafts, saveDraft, type DraftStorage } from '@logbook/session-device/drafts';
import { flushOutbox, queueSession, type OutboxDeps } from '../src/lib/outbox/outboxSync';
import {
  createIndexedDbOutboxStore,
  createMemoryOutboxStore,
  OUTBOX_STORE,
  type OutboxEntry,
  type OutboxStore,
} from '../src/lib/outbox/outboxStore';
import { OUTBOX_DATABASE } from '@logbook/session-device/outboxDatabase';
import { sendDrivingSession, type SendOutcome } from '../src/lib/sessionApi';
import { sessionValuesFrom } from '../src/lib/sessionValues';

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';

function payload(
  clientId: string,
  over: Partial<DrivingSessionInput> = {},
): DrivingSessionInput & { clientId: string } {
  return {
    studentId: 7,
    date: '2026-03-07',
    startTime: '09:00',
    endTime: '10:30',
    duration: '1.5 hours',
    startSuburb: 'Norwood',
    endSuburb: 'Glenelg',
    timeOfDay: 'day',
    trafficConditions: 'light',
    roadConditions: 'sealed',
    studentSignature: SIGNATURE,
    supervisorName: 'Pat Driver',
    supervisorLicenseNumber: 'SA12345',
    supervisorSignature: SIGNATURE,
    ...over,
    clientId,
  };
}

const queued = (clientId: string, over: Partial<DrivingSessionInput> = {}) => ({
  clientId,
  studentId: 7,
  studentName: 'Sam Learner',
  payload: payload(clientId, over),
});

/** Where the device says it is (the browser's own answer while unset). */
let deviceZone: string | undefined;
const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
beforeAll(() => {
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    const real = resolvedOptions.call(this);
    return deviceZone ? { ...real, timeZone: deviceZone } : real;
  });
});
afterEach(() => {
  deviceZone = undefined;
});
afterAll(() => jest.restoreAllMocks());

/** The bodies posted to the session API, each answered 201. */
function postedBodies() {
  const bodies: Array<Record<string, unknown>> = [];
  const fetchImpl = (async (_url: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response('{"id":1}', { status: 201 });
  }) as unknown as typeof fetch;
  return { bodies, send: (p: DrivingSessionInput) => sendDrivingSession(p, fetchImpl) };
}

/** A server that keeps one session per client id, as svc-logbook does. */
function fakeServer() {
  const sessions = new Map<string, DrivingSessionInput>();
  let posts = 0;
  let next: SendOutcome[] = [];
  const send = jest.fn(async (p: DrivingSessionInput): Promise<SendOutcome> => {
    posts += 1;
    const scripted = next.shift();
    if (scripted) return scripted;
    if (!sessions.has(p.clientId!)) sessions.set(p.clientId!, p);
    return { kind: 'sent' };
  });
  return {
    send,
    sessions,
    posts: () => posts,
    answerNext: (...outcomes: SendOutcome[]) => {
      next = outcomes;
    },
  };
}

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function deps(
  store: OutboxStore,
  server: ReturnType<typeof fakeServer>,
  storage: DraftStorage,
  account = 'parent-1',
): OutboxDeps {
  return {
    store,
    account,
    send: server.send,
    keepAsDraft: (entry: OutboxEntry, serverMessage: string) =>
      saveDraft(
        draftFromValues({
          id: newDraftId(),
          studentId: entry.studentId,
          studentName: entry.studentName,
          values: sessionValuesFrom(entry.payload),
          clientId: entry.clientId,
          serverMessage,
        }),
        storage,
      ),
  };
}

describe.each([
  ['in memory', () => createMemoryOutboxStore()],
  ['in IndexedDB', () => createIndexedDbOutboxStore(new IDBFactory())],
])('the outbox %s', (_name, makeStore) => {
  let store: OutboxStore;
  let server: ReturnType<typeof fakeServer>;
  let storage: ReturnType<typeof memoryStorage>;

  beforeEach(() => {
    store = makeStore();
    server = fakeServer();
    storage = memoryStorage();
  });

  it('holds a queued session under its client id until it is sent', async () => {
    await queueSession(store, queued('c-1'));
    const [entry] = await store.all();
    expect(entry).toMatchObject({ clientId: 'c-1', studentId: 7, attempts: 0, payload: { clientId: 'c-1' } });
    expect(await store.get('c-1')).toEqual(entry);
    expect(server.posts()).toBe(0);
  });

  it('queuing the same client id twice keeps one entry', async () => {
    await queueSession(store, queued('c-1'));
    await queueSession(store, queued('c-1', { startSuburb: 'Unley' }));
    const all = await store.all();
    expect(all).toHaveLength(1);
    expect(all[0].payload.startSuburb).toBe('Unley');
  });

  it('sends each session once and empties the outbox', async () => {
    await queueSession(store, queued('c-1'));
    await queueSession(store, queued('c-2'));
    const report = await flushOutbox(deps(store, server, storage));
    expect(report.sent.map((e) => e.clientId).sort()).toEqual(['c-1', 'c-2']);
    expect(await store.all()).toEqual([]);
    await flushOutbox(deps(store, server, storage));
    expect(server.posts()).toBe(2);
    expect(server.sessions.size).toBe(2);
  });

  it('keeps a session whose send failed on the network, and sends it on the next try', async () => {
    await queueSession(store, queued('c-1'));
    server.answerNext({ kind: 'retry', reason: 'Failed to fetch' });
    const first = await flushOutbox(deps(store, server, storage));
    expect(first.waiting).toHaveLength(1);
    expect(await store.get('c-1')).toMatchObject({ attempts: 1, lastError: 'Failed to fetch' });
    expect(server.sessions.size).toBe(0);

    const second = await flushOutbox(deps(store, server, storage));
    expect(second.sent).toHaveLength(1);
    expect(await store.all()).toEqual([]);
    expect(server.sessions.size).toBe(1);
  });

  it('keeps a session the server failed on (5xx)', async () => {
    await queueSession(store, queued('c-1'));
    server.answerNext({ kind: 'retry', reason: '503: busy', status: 503, message: 'busy' });
    await flushOutbox(deps(store, server, storage));
    expect(await store.get('c-1')).toBeDefined();
    expect(readDrafts(storage)).toEqual([]);
  });

  it('an answer lost after the server stored the session is resent and still gives one session', async () => {
    await queueSession(store, queued('c-1'));
    // The server stores it, but the browser never hears back.
    server.send.mockImplementationOnce(async (p) => {
      server.sessions.set(p.clientId!, p);
      return { kind: 'retry', reason: 'network' };
    });
    await flushOutbox(deps(store, server, storage));
    expect(await store.get('c-1')).toBeDefined();
    await flushOutbox(deps(store, server, storage));
    expect(await store.all()).toEqual([]);
    expect(server.sessions.size).toBe(1);
  });

  it('turns a refused session (4xx) back into a draft carrying the server message', async () => {
    await queueSession(store, queued('c-1', { startSuburb: 'Prospect' }));
    server.answerNext({ kind: 'refused', status: 403, message: 'An active subscription is required' });
    const report = await flushOutbox(deps(store, server, storage));
    expect(report.returnedToDraft).toEqual([
      expect.objectContaining({ message: 'An active subscription is required' }),
    ]);
    expect(await store.all()).toEqual([]);
    const [draft] = readDrafts(storage);
    expect(draft).toMatchObject({
      studentId: 7,
      studentName: 'Sam Learner',
      startSuburb: 'Prospect',
      timeOfDay: 'day',
      supervisorLicenseNumber: 'SA12345',
      studentSignature: SIGNATURE,
      supervisorSignature: SIGNATURE,
      serverMessage: 'An active subscription is required',
      clientId: 'c-1',
    });
    expect(draft.id).toMatch(/^draft-\d+-/);
  });

  it('keeps a refused session in the outbox when the draft cannot be stored', async () => {
    await queueSession(store, queued('c-1'));
    server.answerNext({ kind: 'refused', status: 400, message: 'Start suburb is required' });
    const full: DraftStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const report = await flushOutbox(deps(store, server, full));
    expect(report.waiting).toHaveLength(1);
    expect(await store.get('c-1')).toMatchObject({ attempts: 1 });
  });

  it('sends the oldest session first', async () => {
    await queueSession(store, { ...queued('b'), queuedAt: '2026-03-07T10:00:00.000Z' });
    await queueSession(store, { ...queued('a'), queuedAt: '2026-03-07T11:00:00.000Z' });
    await flushOutbox(deps(store, server, storage));
    expect(server.send.mock.calls.map(([p]) => p.clientId)).toEqual(['b', 'a']);
  });

  it('sends each session with the device’s time zone from when it was queued, however late it goes', async () => {
    deviceZone = 'Australia/Perth';
    await queueSession(store, queued('c-perth'));
    deviceZone = 'Pacific/Auckland';
    await queueSession(store, queued('c-auckland'));
    // Queued again from elsewhere (an edit before it went): still the zone it was first queued in.
    await queueSession(store, queued('c-perth', { startSuburb: 'Unley' }));
    deviceZone = 'Europe/London';
    const posted = postedBodies();
    const report = await flushOutbox({ ...deps(store, server, storage), send: posted.send });
    expect(report.sent).toHaveLength(2);
    expect(Object.fromEntries(posted.bodies.map((b) => [b.clientId, b.timeZone]))).toEqual({
      'c-perth': 'Australia/Perth',
      'c-auckland': 'Pacific/Auckland',
    });
  });

  it('sends a session queued before zones were kept with the device’s zone when it goes', async () => {
    await store.put({ ...queued('c-old'), queuedAt: '2026-03-07T10:00:00.000Z', attempts: 0, account: 'parent-1' });
    deviceZone = 'Pacific/Auckland';
    const posted = postedBodies();
    await flushOutbox({ ...deps(store, server, storage), send: posted.send });
    expect(posted.bodies).toEqual([expect.objectContaining({ clientId: 'c-old', timeZone: 'Pacific/Auckland' })]);
  });

  it('keeps a session whose supervisor is asked to sign by email, and sends that request as it was logged', async () => {
    const asked = queued('c-remote', {
      supervisorSignature: undefined,
      remoteSignOff: { supervisorEmail: 'pat@example.com' },
    });
    delete asked.payload.supervisorSignature;
    await queueSession(store, asked);
    const [waiting] = await store.all();
    expect(waiting.payload.remoteSignOff).toEqual({ supervisorEmail: 'pat@example.com' });
    const posted = postedBodies();
    const report = await flushOutbox({ ...deps(store, server, storage), send: posted.send });
    expect(report.sent.map((e) => e.clientId)).toEqual(['c-remote']);
    expect(posted.bodies).toHaveLength(1);
    expect(posted.bodies[0]).toMatchObject({
      clientId: 'c-remote',
      studentSignature: SIGNATURE,
      remoteSignOff: { supervisorEmail: 'pat@example.com' },
    });
    expect(posted.bodies[0]).not.toHaveProperty('supervisorSignature');
    expect(await store.all()).toEqual([]);
  });
});

describe('the IndexedDB outbox', () => {
  it('uses the learner-logbook database and its outbox store, keyed by client id', async () => {
    const factory = new IDBFactory();
    const store = createIndexedDbOutboxStore(factory);
    await queueSession(store, queued('c-9'));
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(OUTBOX_DATABASE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    expect([...db.objectStoreNames]).toContain(OUTBOX_STORE);
    const tx = db.transaction(OUTBOX_STORE, 'readonly');
    expect(tx.objectStore(OUTBOX_STORE).keyPath).toBe('clientId');
    db.close();
  });

  it('survives a reopen (a new page load)', async () => {
    const factory = new IDBFactory();
    await queueSession(createIndexedDbOutboxStore(factory), queued('c-1'));
    const reopened = createIndexedDbOutboxStore(factory);
    expect((await reopened.all()).map((e) => e.clientId)).toEqual(['c-1']);
  });

  it('adds its store to a database that another part of the product created first', async () => {
    const factory = new IDBFactory();
    await new Promise<void>((resolve, reject) => {
      const req = factory.open(OUTBOX_DATABASE, 3);
      req.onupgradeneeded = () => req.result.createObjectStore('other');
      req.onsuccess = () => {
        req.result.close();
        resolve();
      };
      req.onerror = () => reject(req.error);
    });
    const store = createIndexedDbOutboxStore(factory);
    await queueSession(store, queued('c-1'));
    expect(await store.get('c-1')).toBeDefined();
  });
});
