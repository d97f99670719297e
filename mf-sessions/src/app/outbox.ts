/** Exposed as './outbox' so the shell can start sending waiting sessions as soon as the app opens. */
export { flushOutboxNow, startOutboxSync } from '../lib/outbox/outboxRuntime';
