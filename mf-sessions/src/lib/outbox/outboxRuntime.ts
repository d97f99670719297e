import { TOASTS } from '@logbook/contracts/view';
import { toast } from '@logbook/shell-context/shared';
import { accountStorage, signedInAccount, subscribeAccount } from '@logbook/session-device/deviceAccount';
import { mutate } from 'swr';
import { draftFromValues, newDraftId, readFormDraft, saveDraft, writeFormDraft } from '@logbook/session-device/drafts';
import { readCoordinates } from '@logbook/session-device/storedValues';
import { sendDrivingSession } from '../sessionApi';
import { isStudentSessionsKey } from '../sessionKeys';
import { sessionValuesFrom } from '../sessionValues';
import { accountEntries, adoptUnownedEntries, flushOutbox, queueSession, type FlushReport } from './outboxSync';
import { createIndexedDbOutboxStore, type OutboxEntry, type OutboxStore } from './outboxStore';

const LOCK_NAME = 'learner-logbook-outbox';

let store: OutboxStore | undefined;
const outboxStore = () => (store ??= createIndexedDbOutboxStore());

let entries: OutboxEntry[] = [];
const listeners = new Set<() => void>();

function publish(next: OutboxEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

/** Shows the signed-in account's waiting sessions only; signed out, none. */
async function refreshEntries(): Promise<void> {
  const account = signedInAccount();
  try {
    if (!account) return publish([]);
    await adoptUnownedEntries(outboxStore(), account);
    publish(await accountEntries(outboxStore(), account));
  } catch {
    // No IndexedDB (a locked-down browser): there is nothing waiting to show.
  }
}

export function outboxEntries(): OutboxEntry[] {
  return entries;
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores a session on this device until it can be sent. Throws if the device cannot store it. */
export async function queueForLater(details: Omit<OutboxEntry, 'attempts' | 'queuedAt'>): Promise<OutboxEntry> {
  const entry = await queueSession(outboxStore(), { ...details, account: details.account ?? signedInAccount() });
  await refreshEntries();
  startOutboxSync();
  // Queued while the browser believes it is online (a dropped connection): no 'online' event will come.
  if (navigator.onLine) scheduleRetry();
  return entry;
}

const RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000];
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryStep = 0;

function scheduleRetry() {
  if (retryTimer) return;
  const delay = RETRY_DELAYS_MS[Math.min(retryStep, RETRY_DELAYS_MS.length - 1)];
  retryStep += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void flushOutboxNow();
  }, delay);
}

function afterFlush(report: FlushReport | undefined) {
  const waiting = report ? report.waiting.length : entries.length;
  if (waiting === 0) {
    retryStep = 0;
    return;
  }
  if (typeof navigator !== 'undefined' && navigator.onLine) scheduleRetry();
}

/** A refused session goes back to the drafts of the account that queued it, whoever is signed in now. */
function keepAsDraft(entry: OutboxEntry, serverMessage: string) {
  const storage = accountStorage(entry.account);
  const id = newDraftId();
  const values = sessionValuesFrom(entry.payload);
  const coordinates = readCoordinates(entry.payload.coordinates);
  saveDraft(
    draftFromValues({
      id,
      studentId: entry.studentId,
      studentName: entry.studentName,
      values,
      coordinates,
      clientId: entry.clientId,
      serverMessage,
    }),
    storage,
  );
  // A student's device has no drafts panel: the next New Session opens this draft, with the server's message.
  try {
    if (!readFormDraft(entry.studentId, storage)) {
      writeFormDraft(entry.studentId, { values, coordinates, clientId: entry.clientId, draftId: id }, storage);
    }
  } catch {
    // The draft list already holds it.
  }
}

function announce(report: FlushReport) {
  const students = new Set([...report.sent, ...report.returnedToDraft.map((r) => r.entry)].map((e) => e.studentId));
  for (const studentId of students) void mutate(isStudentSessionsKey(studentId));
  if (report.returnedToDraft.length > 0) {
    const first = report.returnedToDraft[0];
    toast({ title: TOASTS.sessionReturnedToDraft, description: first.message, variant: 'destructive' });
  } else if (report.sent.length > 0) {
    toast({ title: TOASTS.sessionLogged });
  }
}

let running: Promise<FlushReport | undefined> | undefined;
let again = false;

async function flushOnce(): Promise<FlushReport | undefined> {
  // Signed out, nothing is sent: every session waits for its own account.
  const account = signedInAccount();
  if (!account) {
    await refreshEntries();
    return undefined;
  }
  const work = () => flushOutbox({ store: outboxStore(), send: (p) => sendDrivingSession(p), keepAsDraft, account });
  // One tab at a time; the client id already makes overlapping sends harmless, this only saves requests.
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const report = locks ? await locks.request(LOCK_NAME, work) : await work();
  await refreshEntries();
  announce(report);
  return report;
}

/** Sends whatever is waiting; calls made while a send is running are folded into one more pass. */
export function flushOutboxNow(): Promise<FlushReport | undefined> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    let last: FlushReport | undefined;
    do {
      again = false;
      try {
        last = await flushOnce();
      } catch {
        // The outbox could not be read this time; the next online event or start tries again.
        last = undefined;
      }
    } while (again);
    afterFlush(last);
    return last;
  })().finally(() => {
    running = undefined;
  });
  return running;
}

let started = false;

/** Sends waiting sessions now and whenever the browser comes back online. Safe to call more than once. */
export function startOutboxSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => {
    retryStep = 0;
    void flushOutboxNow();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine && entries.length > 0) void flushOutboxNow();
  });
  // Another account signed in (or this one again): show its sessions and send what it left waiting.
  subscribeAccount(() => {
    retryStep = 0;
    if (navigator.onLine) void flushOutboxNow();
    else void refreshEntries();
  });
  if (navigator.onLine) void flushOutboxNow();
  else void refreshEntries();
}

/** How many sessions of this account wait on this device. */
export async function waitingCount(account: string): Promise<number> {
  await adoptUnownedEntries(outboxStore(), account);
  return (await accountEntries(outboxStore(), account)).length;
}

/** Tries to send the account's waiting sessions now; resolves with how many still wait. */
export async function sendWaiting(account: string): Promise<number> {
  await flushOutboxNow();
  return (await accountEntries(outboxStore(), account)).length;
}

/** Test helper: use another store and forget the running state. */
export function setOutboxStoreForTests(next: OutboxStore | undefined): void {
  store = next;
  entries = [];
  running = undefined;
  again = false;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryStep = 0;
}
