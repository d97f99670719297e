import { useSyncExternalStore } from 'react';
import { DRAFTS_STORAGE_KEY } from '@logbook/contracts/view';
import { announceChange, idOf, subscribeChanges, type KeyValueStorage } from './storedValues';

/**
 * The account this device last signed in with: 'parent-{userId}' or 'student-{studentId}'. Drafts and the offline
 * outbox are kept under it, so another account signing in on the same device never sees or sends them, and the same
 * account signing in again gets them back. Kept in localStorage because cookies, and so sign-ins, are shared by
 * every tab; the server's answer still decides who is signed in, each screen's sign-in check sets this.
 */
export type DeviceAccount = `parent-${number}` | `student-${number}`;

const KEY = 'learner-logbook:account';
const ACCOUNT_PATTERN = /^(parent|student)-\d+$/;
const LEGACY_FORM_DRAFT = /^driving-session-draft-\d+$/;

export const parentAccount = (userId: number): DeviceAccount => `parent-${userId}`;
export const studentAccount = (studentId: number): DeviceAccount => `student-${studentId}`;

/** Where a drafts key lives for one account: 'draftSessions:parent-12'. */
export const accountKey = (key: string, account: string) => `${key}:${account}`;

const notify = () => announceChange(KEY);

export function signedInAccount(): DeviceAccount | undefined {
  try {
    const value = localStorage.getItem(KEY);
    return value && ACCOUNT_PATTERN.test(value) ? (value as DeviceAccount) : undefined;
  } catch {
    return undefined;
  }
}

/** Stores the account; true when it is another than the one stored before. */
function storeAccount(account: DeviceAccount): boolean {
  const changed = signedInAccount() !== account;
  try {
    localStorage.setItem(KEY, account);
  } catch {
    // Storage blocked: drafts cannot be kept on this device either.
  }
  return changed;
}

/** Called by a sign-in check that knows who is signed in; brings drafts written before accounts were kept along. */
export function rememberAccount(account: DeviceAccount): void {
  const changed = storeAccount(account);
  adoptLegacyDrafts(account);
  if (changed) notify();
}

/**
 * The same for code that never reads drafts (the shell's parent sign-in check): the account is noted and told on the
 * page, and drafts written before accounts were kept join it when the parent's screens read or adopt them.
 */
export function noteAccount(account: DeviceAccount): void {
  if (storeAccount(account)) notify();
}

/** Called on sign-out (or when the server says nobody is signed in): this account's drafts leave the screen. */
export function forgetAccount(kind?: 'parent' | 'student'): void {
  const current = signedInAccount();
  if (!current || (kind && !current.startsWith(`${kind}-`))) return;
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
  notify();
}

/** Calls `listener` whenever the account changes, on this page (whichever front end changed it) or in another tab. */
export function subscribeAccount(listener: () => void): () => void {
  return subscribeChanges((key) => key === KEY, listener);
}

export function useSignedInAccount(): DeviceAccount | undefined {
  return useSyncExternalStore(subscribeAccount, signedInAccount, () => undefined);
}

/**
 * The drafts storage of one account (the signed-in one by default). With no account known it is the plain storage,
 * which after adoption holds only what an older version wrote, and that belongs to whoever signs in next.
 */
export function accountStorage(
  account: string | undefined = signedInAccount(),
  storage: Storage = localStorage,
): KeyValueStorage {
  if (!account) return storage;
  adoptLegacyDrafts(account, storage);
  return {
    getItem: (key) => storage.getItem(accountKey(key, account)),
    setItem: (key, value) => storage.setItem(accountKey(key, account), value),
    removeItem: (key) => storage.removeItem(accountKey(key, account)),
  };
}

function parseList(raw: string | null): unknown[] | undefined {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const savedAt = (raw: string | null): string => {
  try {
    const parsed = JSON.parse(raw ?? '') as { lastSaved?: unknown };
    return typeof parsed?.lastSaved === 'string' ? parsed.lastSaved : '';
  } catch {
    return '';
  }
};

/**
 * Moves drafts stored before drafts were kept per account (the plain 'draftSessions' list and the
 * 'driving-session-draft-{studentId}' form drafts) to this account. Each move writes the account's copy before it
 * removes the old one, so a full storage or a closed tab leaves the draft where it was, never nowhere.
 */
export function adoptLegacyDrafts(account: string, storage: Storage = localStorage): void {
  try {
    const legacyRaw = storage.getItem(DRAFTS_STORAGE_KEY);
    const legacy = parseList(legacyRaw);
    // An unreadable old list is left as it was: it is not this code's to throw away.
    if (legacyRaw !== null && legacy) {
      const target = accountKey(DRAFTS_STORAGE_KEY, account);
      const mine = parseList(storage.getItem(target));
      if (mine) {
        const ids = new Set<unknown>(mine.map(idOf).filter((id) => id !== undefined));
        const merged = [...mine, ...legacy.filter((entry) => idOf(entry) === undefined || !ids.has(idOf(entry)))];
        storage.setItem(target, JSON.stringify(merged));
        storage.removeItem(DRAFTS_STORAGE_KEY);
      }
    }

    const formKeys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key !== null && LEGACY_FORM_DRAFT.test(key),
    );
    for (const key of formKeys) {
      const raw = storage.getItem(key);
      const target = accountKey(key, account);
      const existing = storage.getItem(target);
      // Two form drafts for one student: the one saved last is what the family was working on.
      if (existing === null || savedAt(raw) > savedAt(existing)) storage.setItem(target, raw ?? '');
      storage.removeItem(key);
    }
  } catch {
    // Storage blocked or full: the drafts stay where they are and are moved on a later read.
  }
}
