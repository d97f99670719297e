import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { accountStorage, signedInAccount } from '@logbook/session-device/deviceAccount';
import { writeFormDraft, type DraftStorage } from '@logbook/session-device/drafts';
import type { SessionFormState } from '../utils/sessionFormState';

export const AUTOSAVE_DELAY_MS = 400;

/** The student's copy of the form as it stands; throws when the browser refuses to store it. */
export function writeFormCopy(
  studentId: number,
  { values, clientId, draft, location }: SessionFormState,
  { now, storage }: { now?: Date; storage?: DraftStorage } = {},
) {
  const { coordinates, placeName } = location ?? {};
  writeFormDraft(studentId, { values, clientId, draftId: draft?.id, coordinates, placeName, now }, storage);
}

/**
 * Everything typed is kept on this device as it is typed, so a closed tab or a crash loses nothing: the student's
 * form copy is written a moment after the values or the location last changed, once the person has changed
 * something (`edited`), never for a form that only opened or restored a draft. A copy still to write is written at
 * once when the form closes or the page goes away, so a form opened again straight after brings back the last
 * keystrokes too; always under the account the form opened for, which it closes for when another signs in. Returns
 * `cancel`, for a submit or a cancel that must not leave a copy behind.
 */
export function useDraftAutosave(
  studentId: number | undefined,
  form: SessionFormState,
  edited: RefObject<boolean>,
): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [account] = useState(signedInAccount);
  const latest = useRef(form);
  useEffect(() => {
    latest.current = form;
  }, [form]);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const write = useCallback(() => {
    if (!studentId || timer.current === undefined) return;
    cancel();
    try {
      writeFormCopy(studentId, latest.current, { storage: accountStorage(account) });
    } catch {
      // Storage full: Save Draft reports it; typing must not be interrupted.
    }
  }, [studentId, account, cancel]);

  const { values, location } = form;
  useEffect(() => {
    if (!studentId || !edited.current) return;
    cancel();
    timer.current = setTimeout(write, AUTOSAVE_DELAY_MS);
  }, [values, location, studentId, edited, cancel, write]);

  useEffect(() => {
    window.addEventListener('pagehide', write);
    return () => {
      window.removeEventListener('pagehide', write);
      write();
    };
  }, [write]);
  return cancel;
}
