import { provideWaitingSessions, type WaitingSessionsAccess } from '@logbook/shell-context/outboxAccess';
import type * as SessionsOutbox from 'mf_sessions/outbox';
import { outboxDatabaseExists } from '@logbook/session-device/outboxDatabase';
import { loadRemoteModule } from './remoteRegistry';

const NO_OUTBOX: WaitingSessionsAccess = { waitingCount: async () => 0, sendWaiting: async () => 0 };

/**
 * Sessions saved on this device while offline are sent when the app starts, not only when a sessions screen opens.
 * The sessions code is fetched only on a device that has an outbox, and after the first view has rendered. Sign-out
 * asks the outbox (mf-sessions owns it) how many sessions still wait, fetching it unless the browser says for sure that
 * this device never stored a session.
 */
export function startOutboxSyncWhenIdle() {
  provideWaitingSessions(async () =>
    (await outboxDatabaseExists()) === false
      ? NO_OUTBOX
      : loadRemoteModule<typeof SessionsOutbox>('mf_sessions/outbox'),
  );
  const run = async () => {
    if (!(await outboxDatabaseExists())) return;
    const outbox = await loadRemoteModule<typeof SessionsOutbox>('mf_sessions/outbox');
    outbox?.startOutboxSync();
  };
  const later = (fn: () => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: 5000 }) : setTimeout(fn, 2000);
  const start = () => later(() => void run().catch(() => undefined));
  // Offline there is nothing to send, and the sessions code may not be on the device yet: wait for the network.
  if (navigator.onLine) start();
  else window.addEventListener('online', start, { once: true });
}
