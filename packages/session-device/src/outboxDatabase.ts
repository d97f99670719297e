/**
 * The IndexedDB database that holds the sessions waiting on this device to be sent (mf-sessions' outbox). Named here
 * once: the outbox opens it, and the shell looks for it before it fetches any sessions code.
 */
export const OUTBOX_DATABASE = 'learner-logbook';

/** Whether this device has an outbox database: as the browser says, or undefined where the browser cannot list them. */
export async function outboxDatabaseExists(): Promise<boolean | undefined> {
  const databases = await indexedDB.databases?.();
  return databases ? databases.some((d) => d.name === OUTBOX_DATABASE) : undefined;
}
