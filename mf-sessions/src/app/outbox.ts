/** Exposed as './outbox' so the shell can start sending waiting sessions as soon as the app opens. */
/** Also what sign-out asks (`waitingCount`, `sendWaiting`) before an account leaves the device. */
export { flushOutboxNow, sendWaiting, startOutboxSync, waitingCount } from '../lib/outbox/outboxRuntime';
