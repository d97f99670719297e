import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { outboxEntries, startOutboxSync, subscribeOutbox } from './outboxRuntime';
import type { OutboxEntry } from './outboxStore';

/** Sessions of one student still waiting on this device to be sent. */
export function useWaitingSessions(studentId: number | undefined): OutboxEntry[] {
  useEffect(() => startOutboxSync(), []);
  const all = useSyncExternalStore(subscribeOutbox, outboxEntries, outboxEntries);
  return useMemo(() => (studentId ? all.filter((e) => e.studentId === studentId) : []), [all, studentId]);
}
