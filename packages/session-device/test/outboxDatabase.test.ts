import 'fake-indexeddb/auto';
import { OUTBOX_DATABASE, outboxDatabaseExists } from '../src/outboxDatabase';

const open = (name: string) =>
  new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

describe("the outbox's database", () => {
  it('is found only once the device has one under its name', async () => {
    (await open('another-database')).close();
    expect(await outboxDatabaseExists()).toBe(false);
    (await open(OUTBOX_DATABASE)).close();
    expect(await outboxDatabaseExists()).toBe(true);
  });

  it('is not known either way where the browser cannot list its databases', async () => {
    const list = indexedDB.databases;
    Object.defineProperty(indexedDB, 'databases', { value: undefined, configurable: true });
    try {
      expect(await outboxDatabaseExists()).toBeUndefined();
    } finally {
      Object.defineProperty(indexedDB, 'databases', { value: list, configurable: true });
    }
  });
});
