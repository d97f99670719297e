import { act, renderHook } from '@testing-library/react';
import { DRAFTS_STORAGE_KEY, formDraftStorageKey } from '@logbook/contracts/constants';
import {
  accountKey,
  accountStorage,
  forgetAccount,
  noteAccount,
  parentAccount,
  rememberAccount,
  signedInAccount,
  studentAccount,
  subscribeAccount,
  useSignedInAccount,
} from '../src/deviceAccount';

/** Another front end's copy of this module, as each remote bundles its own. */
function anotherCopy(): typeof import('../src/deviceAccount') {
  let copy: typeof import('../src/deviceAccount') | undefined;
  jest.isolateModules(() => {
    copy = require('../src/deviceAccount');
  });
  return copy!;
}

beforeEach(() => localStorage.clear());

describe('the account this device last signed in with', () => {
  it('is remembered, forgotten by its own kind only, and never read from a value it did not write', () => {
    expect(signedInAccount()).toBeUndefined();
    rememberAccount(parentAccount(12));
    expect(signedInAccount()).toBe('parent-12');
    forgetAccount('student');
    expect(signedInAccount()).toBe('parent-12');
    forgetAccount('parent');
    expect(signedInAccount()).toBeUndefined();
    localStorage.setItem('learner-logbook:account', 'admin-1');
    expect(signedInAccount()).toBeUndefined();
  });

  it("keeps each account's drafts under its own key", () => {
    accountStorage('student-34').setItem(DRAFTS_STORAGE_KEY, '[]');
    expect(localStorage.getItem(accountKey(DRAFTS_STORAGE_KEY, studentAccount(34)))).toBe('[]');
    expect(accountStorage('parent-12').getItem(DRAFTS_STORAGE_KEY)).toBeNull();
  });

  it('brings drafts stored before accounts were kept to the next account that signs in, and only to it', () => {
    localStorage.setItem(DRAFTS_STORAGE_KEY, JSON.stringify([{ id: 'old-1' }, { id: 'both' }]));
    localStorage.setItem(accountKey(DRAFTS_STORAGE_KEY, 'parent-12'), JSON.stringify([{ id: 'both', mine: true }]));
    localStorage.setItem(formDraftStorageKey(7), JSON.stringify({ isDraft: true, lastSaved: '2026-03-07' }));
    rememberAccount(parentAccount(12));
    expect(JSON.parse(localStorage.getItem(accountKey(DRAFTS_STORAGE_KEY, 'parent-12'))!)).toEqual([
      { id: 'both', mine: true },
      { id: 'old-1' },
    ]);
    expect(localStorage.getItem(accountKey(formDraftStorageKey(7), 'parent-12'))).toContain('2026-03-07');
    expect(localStorage.getItem(DRAFTS_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(formDraftStorageKey(7))).toBeNull();

    rememberAccount(parentAccount(99));
    expect(accountStorage().getItem(DRAFTS_STORAGE_KEY)).toBeNull();
  });

  it("noted without adoption (the shell's parent check), old drafts join the account when its drafts are read", () => {
    localStorage.setItem(DRAFTS_STORAGE_KEY, JSON.stringify([{ id: 'old-1' }]));
    const heard = jest.fn();
    const stop = subscribeAccount(heard);
    noteAccount(parentAccount(12));
    noteAccount(parentAccount(12));
    stop();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(signedInAccount()).toBe('parent-12');
    expect(localStorage.getItem(DRAFTS_STORAGE_KEY)).not.toBeNull();
    expect(accountStorage().getItem(DRAFTS_STORAGE_KEY)).toBe(JSON.stringify([{ id: 'old-1' }]));
    expect(localStorage.getItem(DRAFTS_STORAGE_KEY)).toBeNull();
  });

  it('leaves an old list it cannot read where it was', () => {
    localStorage.setItem(DRAFTS_STORAGE_KEY, '{not a list');
    rememberAccount(parentAccount(12));
    expect(localStorage.getItem(DRAFTS_STORAGE_KEY)).toBe('{not a list');
  });

  it("hears a sign-in noted by another front end's copy on the same page, and one in another tab", () => {
    const student = anotherCopy();
    const heard = jest.fn();
    const stop = subscribeAccount(heard);
    const { result } = renderHook(() => useSignedInAccount());

    act(() => student.rememberAccount(student.studentAccount(34)));
    expect(result.current).toBe('student-34');
    expect(heard).toHaveBeenCalledTimes(1);
    // The same account again changes nothing.
    student.rememberAccount(student.studentAccount(34));
    expect(heard).toHaveBeenCalledTimes(1);

    act(() => {
      localStorage.setItem('learner-logbook:account', 'parent-12');
      window.dispatchEvent(new StorageEvent('storage', { key: 'learner-logbook:account' }));
    });
    expect(result.current).toBe('parent-12');
    stop();
    act(() => student.forgetAccount());
    expect(heard).toHaveBeenCalledTimes(2);
    expect(result.current).toBeUndefined();
  });
});
