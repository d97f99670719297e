import { OUTBOX_DATABASE } from '@logbook/session-device/outboxDatabase';
import type { SessionPayload } from '../sessionValues';

export const OUTBOX_STORE = 'outbox';

/** A session waiting on this device to be sent, keyed by its client id. */
export interface OutboxEntry {
  clientId: string;
  studentId: number;
  studentName: string;
  payload: SessionPayload & { clientId: string };
  queuedAt: string;
  attempts: number;
  lastError?: string;
  /**
   * The account that queued it ('parent-12', 'student-34'): only that account sends it or sees it. Entries queued
   * before accounts were kept have none and go to the next account that signs in on this device.
   */
  account?: string;
}

/** Where waiting sessions live; IndexedDB in the browser, memory in tests. */
export interface OutboxStore {
  put(entry: OutboxEntry): Promise<void>;
  get(clientId: string): Promise<OutboxEntry | undefined>;
  all(): Promise<OutboxEntry[]>;
  delete(clientId: string): Promise<void>;
}

const byQueuedAt = (a: OutboxEntry, b: OutboxEntry) => a.queuedAt.localeCompare(b.queuedAt);

export function createMemoryOutboxStore(): OutboxStore {
  const entries = new Map<string, OutboxEntry>();
  const copy = (e: OutboxEntry): OutboxEntry => structuredClone(e);
  return {
    async put(entry) {
      entries.set(entry.clientId, copy(entry));
    },
    async get(clientId) {
      const e = entries.get(clientId);
      return e ? copy(e) : undefined;
    },
    async all() {
      return [...entries.values()].map(copy).sort(byQueuedAt);
    },
    async delete(clientId) {
      entries.delete(clientId);
    },
  };
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDatabase(factory: IDBFactory, version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = version === undefined ? factory.open(OUTBOX_DATABASE) : factory.open(OUTBOX_DATABASE, version);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(OUTBOX_STORE)) db.createObjectStore(OUTBOX_STORE, { keyPath: 'clientId' });
    };
    req.onsuccess = () => {
      const db = req.result;
      // Another tab upgrading the database must not wait on this one.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error('The outbox database is in use by an older tab.'));
  });
}

/** Opens the database, adding the outbox store if another part of the product created the database first. */
async function openOutbox(factory: IDBFactory): Promise<IDBDatabase> {
  const db = await openDatabase(factory);
  if (db.objectStoreNames.contains(OUTBOX_STORE)) return db;
  const next = db.version + 1;
  db.close();
  return openDatabase(factory, next);
}

export function createIndexedDbOutboxStore(factory: IDBFactory = indexedDB): OutboxStore {
  let dbPromise: Promise<IDBDatabase> | undefined;
  const database = () => {
    dbPromise ??= openOutbox(factory).catch((error: unknown) => {
      dbPromise = undefined;
      throw error;
    });
    return dbPromise;
  };

  async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await database();
    const tx = db.transaction(OUTBOX_STORE, mode);
    const result = request(work(tx.objectStore(OUTBOX_STORE)));
    // Resolve only once the write is durable, so a closed tab right after cannot lose it.
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('The outbox write was aborted.'));
    });
    return result;
  }

  return {
    async put(entry) {
      await run('readwrite', (s) => s.put(entry));
    },
    async get(clientId) {
      return (await run('readonly', (s) => s.get(clientId))) as OutboxEntry | undefined;
    },
    async all() {
      const entries = (await run('readonly', (s) => s.getAll())) as OutboxEntry[];
      return entries.sort(byQueuedAt);
    },
    async delete(clientId) {
      await run('readwrite', (s) => s.delete(clientId));
    },
  };
}
