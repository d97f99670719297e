import { useCallback, useEffect, useRef, useState } from 'react';
import { DRAFTS_STORAGE_KEY } from '@logbook/contracts/view';
import { accountStorage, subscribeAccount } from '@logbook/session-device/deviceAccount';
import { readStudentDrafts, type StoredDraft } from '@logbook/session-device/drafts';

/** How often the list is looked at again while the page is visible. */
export const DRAFTS_RECHECK_MS = 4_000;

function rawList(): string | null {
  try {
    return accountStorage().getItem(DRAFTS_STORAGE_KEY);
  } catch {
    return null;
  }
}

function safeRead(studentId: number): StoredDraft[] {
  try {
    return readStudentDrafts(studentId);
  } catch {
    // Storage the browser will not open (private mode, blocked cookies) simply holds no drafts.
    return [];
  }
}

/**
 * A student's locally saved drafts, read again when another tab changes them (the `storage` event), when `refresh` is
 * called, and whenever the stored list changed in this tab: the offline outbox turns a refused session into a draft
 * without any event, possibly while the dashboard is open.
 */
export function useStudentDrafts(studentId: number) {
  const [drafts, setDrafts] = useState<StoredDraft[]>(() => safeRead(studentId));
  const lastRaw = useRef<string | null>(rawList());

  const refresh = useCallback(() => {
    lastRaw.current = rawList();
    setDrafts(safeRead(studentId));
  }, [studentId]);

  useEffect(() => {
    refresh();
    const refreshIfChanged = () => {
      if (rawList() !== lastRaw.current) refresh();
    };
    // Keyed per account ('draftSessions:parent-12'), so any drafts key may be this account's.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key.startsWith(DRAFTS_STORAGE_KEY)) refresh();
    };
    // Another account signed in on this device: its drafts, never the last one's.
    const stopWatchingAccount = subscribeAccount(refresh);
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') refreshIfChanged();
    }, DRAFTS_RECHECK_MS);
    window.addEventListener('storage', onStorage);
    window.addEventListener('focus', refreshIfChanged);
    document.addEventListener('visibilitychange', refreshIfChanged);
    return () => {
      clearInterval(timer);
      stopWatchingAccount();
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('focus', refreshIfChanged);
      document.removeEventListener('visibilitychange', refreshIfChanged);
    };
  }, [refresh]);

  return { drafts, refresh };
}
