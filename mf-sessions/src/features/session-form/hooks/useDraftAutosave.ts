import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { writeFormDraft } from '@logbook/session-device/drafts';
import type { SessionFormState } from '../utils/sessionFormState';

export const AUTOSAVE_DELAY_MS = 400;

/**
 * Everything typed is kept on this device as it is typed, so a closed tab or a crash loses nothing: the student's
 * form copy is written a moment after the values or the location last changed, once the person has changed
 * something (`edited`), never for a form that only opened or restored a draft. Returns `cancel`, for a submit or
 * a cancel that must not leave a copy behind.
 */
export function useDraftAutosave(
  studentId: number | undefined,
  form: SessionFormState,
  edited: RefObject<boolean>,
): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(form);
  useEffect(() => {
    latest.current = form;
  }, [form]);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const { values, location } = form;
  useEffect(() => {
    if (!studentId || !edited.current) return;
    cancel();
    timer.current = setTimeout(() => {
      const { values: current, clientId, draft, location: place } = latest.current;
      try {
        writeFormDraft(studentId, {
          values: current,
          clientId,
          draftId: draft?.id,
          coordinates: place?.coordinates,
          placeName: place?.placeName,
        });
      } catch {
        // Storage full: Save Draft reports it; typing must not be interrupted.
      }
    }, AUTOSAVE_DELAY_MS);
  }, [values, location, studentId, edited, cancel]);

  useEffect(() => cancel, [cancel]);
  return cancel;
}
