import { useCallback, useEffect, useState } from 'react';
import { DRAFTS_STORAGE_KEY } from '@logbook/contracts/constants';
import type { DraftSession } from '@logbook/contracts/schemas';
import { readStudentDrafts } from '../utils/draftStorage';

function safeRead(studentId: number): DraftSession[] {
  try {
    return readStudentDrafts(studentId);
  } catch {
    // Storage the browser will not open (private mode, blocked cookies) simply holds no drafts.
    return [];
  }
}

/** A student's locally saved drafts, read again when another tab changes them or when `refresh` is called. */
export function useStudentDrafts(studentId: number) {
  const [drafts, setDrafts] = useState<DraftSession[]>(() => safeRead(studentId));
  const refresh = useCallback(() => setDrafts(safeRead(studentId)), [studentId]);

  useEffect(() => {
    refresh();
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === DRAFTS_STORAGE_KEY) refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);

  return { drafts, refresh };
}
