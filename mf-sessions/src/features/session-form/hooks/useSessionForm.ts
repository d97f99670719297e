import { useCallback, useEffect, useRef, useState } from 'react';
import { localDateISO, localTimeHHMM } from '@logbook/contracts/dates';
import { TOASTS } from '@logbook/contracts/messages';
import { toast } from '@logbook/ui/lib/toastStore';
import {
  draftFromValues,
  findDraft,
  newDraftId,
  readFormDraft,
  removeDraft,
  removeFormDraft,
  saveDraft,
  valuesFromDraft,
  writeFormDraft,
} from '../../../lib/draftStore';
import { emptySessionValues, newClientId, type SessionField, type SessionValues } from '../../../lib/sessionValues';
import { validateField, validateSession, type SessionErrors } from '../utils/validation';

const AUTOSAVE_DELAY_MS = 400;

export interface SessionFormOptions {
  studentId: number | undefined;
  studentName: string;
  /** The `loadDraft` query parameter. */
  loadDraftId: string | null;
}

export interface LoadedDraft {
  id?: string;
  savedAt: string;
  serverMessage?: string;
}

function freshValues(): SessionValues {
  const now = new Date();
  return { ...emptySessionValues(), date: localDateISO(now), startTime: localTimeHHMM(now) };
}

/** The session form's values, errors, draft and client id, with the spec's draft rules (§3, §4). */
export function useSessionForm({ studentId, studentName, loadDraftId }: SessionFormOptions) {
  const [values, setValues] = useState<SessionValues>(freshValues);
  const [errors, setErrors] = useState<SessionErrors>({});
  const [clientId, setClientId] = useState<string>(newClientId);
  const [draft, setDraft] = useState<LoadedDraft | undefined>();
  /** Bumped when values are replaced wholesale, so signature pads redraw the loaded images. */
  const [generation, setGeneration] = useState(0);
  const loadedFor = useRef<number | undefined>(undefined);
  const dirty = useRef(false);
  const autosaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ values, clientId, draftId: draft?.id });
  useEffect(() => {
    latest.current = { values, clientId, draftId: draft?.id };
  }, [values, clientId, draft?.id]);

  useEffect(() => {
    if (!studentId || loadedFor.current === studentId) return;
    loadedFor.current = studentId;
    if (loadDraftId) {
      const stored = findDraft(loadDraftId);
      if (stored) {
        setValues(valuesFromDraft(stored));
        setClientId(stored.clientId ?? newClientId());
        setDraft({ id: stored.id, savedAt: stored.lastSaved, serverMessage: stored.serverMessage });
        setGeneration((g) => g + 1);
        toast({ title: TOASTS.draftLoadedTitle, description: TOASTS.draftLoadedById });
        return;
      }
    }
    let formDraft = readFormDraft(studentId);
    if (formDraft?.draftId && !findDraft(formDraft.draftId)) {
      // Its draft was deleted from the dashboard: the copy goes too.
      removeFormDraft(studentId);
      formDraft = undefined;
    }
    if (formDraft) {
      const { isDraft: _isDraft, studentId: _sid, lastSaved, clientId: storedClientId, draftId, ...rest } = formDraft;
      setValues({ ...emptySessionValues(), ...rest });
      if (storedClientId) setClientId(storedClientId);
      const listed = draftId ? findDraft(draftId) : undefined;
      setDraft({ id: draftId, savedAt: lastSaved, serverMessage: listed?.serverMessage });
      setGeneration((g) => g + 1);
      toast({ title: TOASTS.draftLoadedTitle, description: TOASTS.draftLoadedStored });
    }
  }, [studentId, loadDraftId]);

  const cancelAutosave = useCallback(() => {
    clearTimeout(autosaveTimer.current);
    autosaveTimer.current = undefined;
  }, []);

  // Everything typed is kept on this device as it is typed, so a closed tab or a crash loses nothing.
  useEffect(() => {
    if (!studentId || !dirty.current) return;
    cancelAutosave();
    autosaveTimer.current = setTimeout(() => {
      try {
        writeFormDraft(studentId, { ...latest.current });
      } catch {
        // Storage full: Save Draft reports it; typing must not be interrupted.
      }
    }, AUTOSAVE_DELAY_MS);
  }, [values, studentId, cancelAutosave]);

  useEffect(() => cancelAutosave, [cancelAutosave]);

  const setField = useCallback((field: SessionField, value: string) => {
    dirty.current = true;
    const next = { ...latest.current.values, [field]: value };
    // Kept current at once, so two changes in one event (an end time filled after a lookup) both count.
    latest.current = { ...latest.current, values: next };
    setValues(next);
    setErrors((prevErrors) => {
      const updated = { ...prevErrors, [field]: validateField(next, field) };
      if (field === 'startTime' || field === 'endTime') {
        updated.startTime = validateField(next, 'startTime');
        updated.endTime = prevErrors.endTime !== undefined || next.endTime ? validateField(next, 'endTime') : undefined;
      }
      return updated;
    });
  }, []);

  /** Sets a field only if it is still empty (the end time filled in by an end-location lookup). */
  const fillIfEmpty = useCallback(
    (field: SessionField, value: string) => {
      if (!latest.current.values[field]) setField(field, value);
    },
    [setField],
  );

  const validateAll = useCallback((): SessionErrors => {
    const all = validateSession(latest.current.values);
    setErrors(all);
    return all;
  }, []);

  const saveAsDraft = useCallback((): boolean => {
    if (!studentId) {
      toast({ title: TOASTS.error, description: TOASTS.draftStudentIdRequired, variant: 'destructive' });
      return false;
    }
    const { values: current, clientId: currentClientId, draftId } = latest.current;
    const id = draftId ?? newDraftId();
    const now = new Date();
    try {
      saveDraft(
        draftFromValues({
          id,
          studentId,
          studentName,
          values: current,
          clientId: currentClientId,
          previous: draftId ? findDraft(draftId) : undefined,
          now,
        }),
      );
    } catch {
      toast({ title: TOASTS.error, description: TOASTS.draftSaveFailed, variant: 'destructive' });
      return false;
    }
    try {
      writeFormDraft(studentId, { values: current, clientId: currentClientId, draftId: id, now });
    } catch {
      // The draft list holds the draft; the per-student copy is only a convenience.
    }
    setDraft({ id, savedAt: now.toISOString() });
    toast({ title: TOASTS.draftSavedTitle, description: TOASTS.draftSaved });
    return true;
  }, [studentId, studentName]);

  /** Forgets the draft this form came from and its per-student copy (after a submit or a cancel). */
  const discardDraft = useCallback(() => {
    cancelAutosave();
    dirty.current = false;
    const { draftId } = latest.current;
    try {
      if (draftId) removeDraft(draftId);
      if (studentId) removeFormDraft(studentId);
    } catch {
      // Nothing more to do: an unremovable draft is only a leftover.
    }
  }, [cancelAutosave, studentId]);

  /** A clean form with a new client id (after a session was logged or queued). */
  const reset = useCallback(() => {
    discardDraft();
    setValues(freshValues());
    setErrors({});
    setClientId(newClientId());
    setDraft(undefined);
    setGeneration((g) => g + 1);
  }, [discardDraft]);

  return {
    values,
    errors,
    clientId,
    draft,
    generation,
    setField,
    fillIfEmpty,
    validateAll,
    saveAsDraft,
    discardDraft,
    reset,
  };
}
