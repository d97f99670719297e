import useSWR from 'swr';
import { sessionListAnswer } from '@logbook/contracts/view';
import { apiFetch } from '@logbook/shell-context/shared';
import { sessionListKey } from './sessionKeys';
import type { HistoryEntry } from './sessionHistory';

const fetchList = (url: string) => apiFetch(url, sessionListAnswer) as Promise<HistoryEntry[]>;

/** One logged entry in force of the student (the one a correction starts from); undefined until known. */
export function useSessionEntry(studentId: number | undefined, sessionId: number | undefined) {
  const list = useSWR<HistoryEntry[]>(studentId && sessionId ? sessionListKey(studentId) : null, fetchList);
  const entry = list.data?.find((s) => s.id === sessionId);
  return { entry, error: list.error as unknown, loaded: list.data !== undefined };
}
