import { act } from '@testing-library/react';
import { DRAFTS_STORAGE_KEY, formDraftStorageKey } from '@logbook/contracts/constants';
import type { DrivingSessionInput } from '@logbook/contracts/schemas';
import {
  accountKey,
  forgetAccount,
  parentAccount,
  rememberAccount,
  signedInAccount,
  studentAccount,
} from '@logbook/session-device/deviceAccount';
import { resetToasts } from '@logbook/shell-context/toasts';
import {
  draftFromValues,
  findDraft,
  readDrafts,
  readFormDraft,
  saveDraft,
  writeFormDraft,
} from '@logbook/session-device/drafts';
import {
  outboxEntries,
  queueForLater,
  sendWaiting,
  setOutboxStoreForTests,
  startOutboxSync,
  waitingCount,
} from '../src/lib/outbox/outboxRuntime';
import { flushOutbox, queueSession } from '../src/lib/outbox/outboxSync';
import { createMemoryOutboxStore, type OutboxStore } from '../src/lib/outbox/outboxStore';
import type { SendOutcome } from '../src/lib/sessionApi';
import { emptySessionValues, type SessionValues } from '../src/lib/sessionValues';

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';
const ANN = parentAccount(11);
const BEN = parentAccount(22);

const values = (over: Partial<SessionValues> = {}): SessionValues => ({
  ...emptySessionValues(),
  date: '2026-03-07',
  startTime: '09:00',
  endTime: '10:30',
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
});

const draft = (id: string, studentId = 7, over: Partial<SessionValues> = {}) =>
  draftFromValues({ id, studentId, studentName: 'Sam Learner', values: values(over) });

function payload(clientId: string, studentId = 7): DrivingSessionInput & { clientId: string } {
  return {
    studentId,
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
    clientId,
  };
}

const queued = (clientId: string, account?: string, studentId = 7) => ({
  clientId,
  studentId,
  studentName: 'Sam Learner',
  payload: payload(clientId, studentId),
  ...(account ? { account } : {}),
});

beforeAll(() => {
  // jsdom leaves out structuredClone, which the memory outbox copies entries with.
  globalThis.structuredClone ??= <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
});

beforeEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('drafts are kept per account on a shared device', () => {
  it("another account signed in sees none of the first account's drafts, and the first gets them back", () => {
    rememberAccount(ANN);
    saveDraft(draft('draft-ann'));
    writeFormDraft(7, { values: values({ startSuburb: 'Unley' }), draftId: 'draft-ann' });
    expect(localStorage.getItem(DRAFTS_STORAGE_KEY)).toBeNull();

    forgetAccount('parent');
    expect(readDrafts()).toEqual([]);
    expect(readFormDraft(7)).toBeUndefined();

    rememberAccount(BEN);
    expect(readDrafts()).toEqual([]);
    expect(findDraft('draft-ann')).toBeUndefined();
    expect(readFormDraft(7)).toBeUndefined();
    saveDraft(draft('draft-ben'));

    rememberAccount(ANN);
    const [back] = readDrafts();
    expect(readDrafts().map((d) => d.id)).toEqual(['draft-ann']);
    expect(back).toMatchObject({ supervisorLicenseNumber: 'SA12345', studentSignature: SIGNATURE });
    expect(readFormDraft(7)).toMatchObject({ startSuburb: 'Unley', draftId: 'draft-ann' });
  });

  it("a student's drafts are kept under the student's own account, apart from the parent's", () => {
    rememberAccount(studentAccount(7));
    saveDraft(draft('draft-student'));
    rememberAccount(ANN);
    expect(readDrafts()).toEqual([]);
    rememberAccount(studentAccount(7));
    expect(readDrafts().map((d) => d.id)).toEqual(['draft-student']);
  });

  it('drafts stored before accounts were kept go to the next account that signs in, and only to it', () => {
    localStorage.setItem(DRAFTS_STORAGE_KEY, JSON.stringify([draft('draft-old'), { id: 'odd', kept: true }]));
    localStorage.setItem(formDraftStorageKey(7), JSON.stringify({ ...values(), isDraft: true, draftId: 'draft-old' }));

    rememberAccount(ANN);
    expect(readDrafts().map((d) => d.id)).toEqual(['draft-old']);
    expect(readFormDraft(7)?.draftId).toBe('draft-old');
    expect(localStorage.getItem(DRAFTS_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(formDraftStorageKey(7))).toBeNull();
    // An entry this code cannot read moves along untouched.
    expect(JSON.parse(localStorage.getItem(accountKey(DRAFTS_STORAGE_KEY, ANN))!)).toContainEqual({
      id: 'odd',
      kept: true,
    });

    rememberAccount(BEN);
    expect(readDrafts()).toEqual([]);
    expect(readFormDraft(7)).toBeUndefined();
  });

  it('an old list written later (an older tab) joins the signed-in account on the next read, ids not doubled', () => {
    rememberAccount(ANN);
    saveDraft(draft('draft-1'));
    localStorage.setItem(DRAFTS_STORAGE_KEY, JSON.stringify([draft('draft-1'), draft('draft-2')]));
    expect(readDrafts().map((d) => d.id)).toEqual(['draft-1', 'draft-2']);
    expect(localStorage.getItem(DRAFTS_STORAGE_KEY)).toBeNull();
  });

  it('an old list that cannot be read is left where it was, never thrown away', () => {
    localStorage.setItem(DRAFTS_STORAGE_KEY, '{not json');
    rememberAccount(ANN);
    expect(readDrafts()).toEqual([]);
    expect(localStorage.getItem(DRAFTS_STORAGE_KEY)).toBe('{not json');
  });

  it('a full storage leaves old drafts where they were, to be moved on a later read', () => {
    localStorage.setItem(DRAFTS_STORAGE_KEY, JSON.stringify([draft('draft-old')]));
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      rememberAccount(ANN);
    } finally {
      setItem.mockRestore();
    }
    expect(localStorage.getItem(DRAFTS_STORAGE_KEY)).not.toBeNull();
    rememberAccount(ANN);
    expect(readDrafts().map((d) => d.id)).toEqual(['draft-old']);
  });
});

describe('the outbox is kept per account', () => {
  const sentAll = jest.fn(async (): Promise<SendOutcome> => ({ kind: 'sent' }));
  const keepAsDraft = jest.fn();
  let store: OutboxStore;
  beforeEach(() => {
    store = createMemoryOutboxStore();
    sentAll.mockClear();
  });

  it("another account sends none of the first account's sessions; the first sends them later", async () => {
    await queueSession(store, queued('ann-1', ANN));
    await queueSession(store, queued('ann-2', ANN));

    const ben = await flushOutbox({ store, send: sentAll, keepAsDraft, account: BEN });
    expect(ben).toEqual({ sent: [], returnedToDraft: [], waiting: [] });
    expect(sentAll).not.toHaveBeenCalled();
    expect((await store.all()).map((e) => e.clientId)).toEqual(['ann-1', 'ann-2']);

    const ann = await flushOutbox({ store, send: sentAll, keepAsDraft, account: ANN });
    expect(ann.sent.map((e) => e.clientId)).toEqual(['ann-1', 'ann-2']);
    expect(await store.all()).toEqual([]);
  });

  it('sessions queued before accounts were kept go to the next account that signs in, and only to it', async () => {
    await queueSession(store, queued('old-1'));
    await flushOutbox({ store, send: async () => ({ kind: 'retry', reason: 'offline' }), keepAsDraft, account: ANN });
    expect(await store.get('old-1')).toMatchObject({ account: ANN, attempts: 1 });

    await flushOutbox({ store, send: sentAll, keepAsDraft, account: BEN });
    expect(sentAll).not.toHaveBeenCalled();
    expect(await store.get('old-1')).toMatchObject({ account: ANN });
  });
});

describe('the outbox on this device', () => {
  let store: OutboxStore;
  let posted: string[];
  beforeEach(() => {
    store = createMemoryOutboxStore();
    setOutboxStoreForTests(store);
    posted = [];
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    globalThis.fetch = jest.fn(async (_url: string, init?: RequestInit) => {
      posted.push((JSON.parse(String(init!.body)) as { clientId: string }).clientId);
      return { ok: true, status: 201, statusText: '', text: async () => '{}' };
    }) as unknown as typeof fetch;
  });
  afterEach(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    setOutboxStoreForTests(undefined);
  });

  it("keeps a signed-out account's sessions, shows and sends none to the next, and sends them when it is back", async () => {
    startOutboxSync();
    rememberAccount(ANN);
    await act(async () => {
      await queueForLater(queued('ann-1'));
      await queueForLater(queued('ann-2'));
    });
    expect(outboxEntries().map((e) => [e.clientId, e.account])).toEqual([
      ['ann-1', ANN],
      ['ann-2', ANN],
    ]);
    expect(await waitingCount(ANN)).toBe(2);

    // Signed out anyway, then another parent signs in while the device is online.
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    await act(async () => {
      forgetAccount('parent');
      rememberAccount(BEN);
      expect(await sendWaiting(BEN)).toBe(0);
    });
    expect(signedInAccount()).toBe(BEN);
    expect(outboxEntries()).toEqual([]);
    expect(await waitingCount(BEN)).toBe(0);
    expect(posted).toEqual([]);
    expect((await store.all()).map((e) => e.clientId)).toEqual(['ann-1', 'ann-2']);

    // The first parent signs in again on this device: what it left is sent, once.
    await act(async () => {
      rememberAccount(ANN);
      expect(await sendWaiting(ANN)).toBe(0);
    });
    expect([...posted].sort()).toEqual(['ann-1', 'ann-2']);
    expect(await store.all()).toEqual([]);
  });

  it('signed out, nothing is sent and nothing is shown', async () => {
    await store.put({ ...queued('ann-1', ANN), queuedAt: '2026-03-07T10:00:00.000Z', attempts: 0 });
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    await act(async () => {
      expect(await sendWaiting(ANN)).toBe(1);
    });
    expect(posted).toEqual([]);
    expect(outboxEntries()).toEqual([]);
  });
});
