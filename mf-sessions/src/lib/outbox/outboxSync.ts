import { deviceTimeZone } from '@logbook/contracts/view';
import type { DrivingSessionInput } from '@logbook/contracts/view';
import type { SendOutcome } from '../sessionApi';
import type { OutboxEntry, OutboxStore } from './outboxStore';

export interface OutboxDeps {
  store: OutboxStore;
  send: (payload: DrivingSessionInput) => Promise<SendOutcome>;
  /** Keeps a refused session as a draft carrying the server's message; throws if it cannot be stored. */
  keepAsDraft: (entry: OutboxEntry, serverMessage: string) => void;
  /** Only this account's sessions are sent: another account's would go out under the wrong sign-in. */
  account: string;
}

export interface FlushReport {
  sent: OutboxEntry[];
  returnedToDraft: Array<{ entry: OutboxEntry; message: string }>;
  waiting: OutboxEntry[];
}

/**
 * Puts a session in the outbox; resolves once it is stored. It keeps the device's time zone from when it was first
 * queued, the zone its date was checked in: a send after the device's zone changed (travel, a changed setting) is not
 * refused for a date that was today where it was logged.
 */
export async function queueSession(
  store: OutboxStore,
  details: Omit<OutboxEntry, 'attempts' | 'queuedAt'> & { queuedAt?: string },
): Promise<OutboxEntry> {
  const existing = await store.get(details.clientId);
  const timeZone = existing?.payload.timeZone ?? details.payload.timeZone ?? deviceTimeZone();
  const entry: OutboxEntry = {
    ...details,
    payload: timeZone ? { ...details.payload, timeZone } : details.payload,
    queuedAt: existing?.queuedAt ?? details.queuedAt ?? new Date().toISOString(),
    attempts: existing?.attempts ?? 0,
  };
  await store.put(entry);
  return entry;
}

/** The waiting sessions of one account, oldest first. */
export async function accountEntries(store: OutboxStore, account: string): Promise<OutboxEntry[]> {
  return (await store.all()).filter((entry) => entry.account === account);
}

/**
 * Gives sessions queued before accounts were kept to this account, the first to sign in since. Each is written
 * whole again under its client id, so a failure part-way leaves it waiting, never gone.
 */
export async function adoptUnownedEntries(store: OutboxStore, account: string): Promise<void> {
  for (const entry of await store.all()) {
    if (!entry.account) await store.put({ ...entry, account });
  }
}

/**
 * Sends every waiting session of the account once, oldest first. A sent session leaves the outbox only after the server
 * accepted it (a resend after a lost answer is harmless: the server knows the client id). A refusal becomes a
 * draft before the entry is removed; anything else stays for the next try. Nothing is ever dropped.
 */
export async function flushOutbox({ store, send, keepAsDraft, account }: OutboxDeps): Promise<FlushReport> {
  const report: FlushReport = { sent: [], returnedToDraft: [], waiting: [] };
  await adoptUnownedEntries(store, account);
  for (const entry of await accountEntries(store, account)) {
    const outcome = await send(entry.payload);
    if (outcome.kind === 'sent') {
      await store.delete(entry.clientId);
      report.sent.push(entry);
      continue;
    }
    if (outcome.kind === 'refused') {
      try {
        keepAsDraft(entry, outcome.message);
      } catch (error) {
        const kept = { ...entry, attempts: entry.attempts + 1, lastError: `${outcome.message} (${String(error)})` };
        await store.put(kept);
        report.waiting.push(kept);
        continue;
      }
      await store.delete(entry.clientId);
      report.returnedToDraft.push({ entry, message: outcome.message });
      continue;
    }
    const kept = { ...entry, attempts: entry.attempts + 1, lastError: outcome.reason };
    await store.put(kept);
    report.waiting.push(kept);
  }
  return report;
}
