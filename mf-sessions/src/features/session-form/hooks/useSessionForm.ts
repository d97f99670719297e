import { useCallback, useEffect, useRef, useState } from 'react';
import { localDateISO, localTimeHHMM } from '@logbook/contracts/dates';
import { TOASTS } from '@logbook/contracts/messages';
import { toast } from '@logbook/ui/lib/toastStore';
import { coordinatesFrom, type SessionLocation } from '../../../lib/coordinates';
import {
  coordinatesFromDraft,
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
import { validateField, validateSession, type SessionDateLimits, type SessionErrors } from '../utils/validation';

const AUTOSAVE_DELAY_MS = 400;

export interface SessionFormOptions {
  studentId: number | undefined;
  studentName: string;
  /** When known (a parent's view), a session cannot be dated before it. */
  dateOfBirth?: string;
  /** The `loadDraft` query parameter. */
  loadDraftId: string | null;
}

export interface LoadedDraft {
  id?: string;
  savedAt: string;
  serverMessage?: string;
}

/** A located draft brought back: the suburb typed or found stands in for the locality's name. */
function locationFromStored(
  coordinates: SessionLocation['coordinates'] | undefined,
  placeName: string | undefined,
  values: SessionValues,
): SessionLocation | undefined {
  if (!coordinates) return undefined;
  const name = placeName ?? [values.startSuburb, values.endSuburb].map((v) => v.trim()).find(Boolean);
  return name ? { coordinates, placeName: name } : { coordinates };
}

function freshValues(): SessionValues {
  const now = new Date();
  return { ...emptySessionValues(), date: localDateISO(now), startTime: localTimeHHMM(now) };
}

/** The session form's values, errors, draft and client id, with the spec's draft rules (§3, §4). */
export function useSessionForm({ studentId, studentName, dateOfBirth, loadDraftId }: SessionFormOptions) {
  const [values, setValues] = useState<SessionValues>(freshValues);
  const [errors, setErrors] = useState<SessionErrors>({});
  const [clientId, setClientId] = useState<string>(newClientId);
  const [draft, setDraft] = useState<LoadedDraft | undefined>();
  const [location, setLocationState] = useState<SessionLocation | undefined>();
  /** True once the person picked Day or Night themselves (or a draft brought their choice back). */
  const [timeOfDayChosen, setTimeOfDayChosen] = useState(false);
  /** Bumped when values are replaced wholesale, so signature pads redraw the loaded images. */
  const [generation, setGeneration] = useState(0);
  const loadedFor = useRef<number | undefined>(undefined);
  const dirty = useRef(false);
  const autosaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ values, clientId, draftId: draft?.id, location });
  useEffect(() => {
    latest.current = { values, clientId, draftId: draft?.id, location };
  }, [values, clientId, draft?.id, location]);
  const dateLimits = useRef<SessionDateLimits>({ dateOfBirth });
  useEffect(() => {
    dateLimits.current = { dateOfBirth };
  }, [dateOfBirth]);

  useEffect(() => {
    if (!studentId || loadedFor.current === studentId) return;
    loadedFor.current = studentId;
    if (loadDraftId) {
      const stored = findDraft(loadDraftId);
      if (stored) {
        const storedValues = valuesFromDraft(stored);
        setValues(storedValues);
        setLocationState(locationFromStored(coordinatesFromDraft(stored), undefined, storedValues));
        setTimeOfDayChosen(Boolean(storedValues.timeOfDay));
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
      const {
        isDraft: _isDraft,
        studentId: _sid,
        lastSaved,
        clientId: storedClientId,
        draftId,
        coordinates,
        placeName,
        ...rest
      } = formDraft;
      const storedValues = { ...emptySessionValues(), ...rest };
      setValues(storedValues);
      setLocationState(locationFromStored(coordinatesFrom(coordinates), placeName, storedValues));
      setTimeOfDayChosen(Boolean(storedValues.timeOfDay));
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
        const { location: current, ...rest } = latest.current;
        writeFormDraft(studentId, {
          ...rest,
          coordinates: current?.coordinates,
          placeName: current?.placeName,
        });
      } catch {
        // Storage full: Save Draft reports it; typing must not be interrupted.
      }
    }, AUTOSAVE_DELAY_MS);
  }, [values, location, studentId, cancelAutosave]);

  useEffect(() => cancelAutosave, [cancelAutosave]);

  const setField = useCallback((field: SessionField, value: string) => {
    dirty.current = true;
    const next = { ...latest.current.values, [field]: value };
    // Kept current at once, so two changes in one event (an end time filled after a lookup) both count.
    latest.current = { ...latest.current, values: next };
    setValues(next);
    setErrors((prevErrors) => {
      const updated = { ...prevErrors, [field]: validateField(next, field, dateLimits.current) };
      if (field === 'startTime' || field === 'endTime') {
        updated.startTime = validateField(next, 'startTime');
        updated.endTime = prevErrors.endTime !== undefined || next.endTime ? validateField(next, 'endTime') : undefined;
      }
      return updated;
    });
  }, []);

  /** The position the current-location button found, kept with the session. */
  const setLocation = useCallback((next: SessionLocation) => {
    dirty.current = true;
    latest.current = { ...latest.current, location: next };
    setLocationState(next);
  }, []);

  /** Day or Night picked by the person: a suggestion never changes it after this. */
  const chooseTimeOfDay = useCallback(
    (value: string) => {
      setTimeOfDayChosen(true);
      setField('timeOfDay', value);
    },
    [setField],
  );

  /** Sets a field only if it is still empty (the end time filled in by an end-location lookup). */
  const fillIfEmpty = useCallback(
    (field: SessionField, value: string) => {
      if (!latest.current.values[field]) setField(field, value);
    },
    [setField],
  );

  const validateAll = useCallback((): SessionErrors => {
    const all = validateSession(latest.current.values, dateLimits.current);
    setErrors(all);
    return all;
  }, []);

  const saveAsDraft = useCallback((): boolean => {
    if (!studentId) {
      toast({ title: TOASTS.error, description: TOASTS.draftStudentIdRequired, variant: 'destructive' });
      return false;
    }
    const { values: current, clientId: currentClientId, draftId, location: currentLocation } = latest.current;
    const id = draftId ?? newDraftId();
    const now = new Date();
    try {
      saveDraft(
        draftFromValues({
          id,
          studentId,
          studentName,
          values: current,
          coordinates: currentLocation?.coordinates,
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
      writeFormDraft(studentId, {
        values: current,
        clientId: currentClientId,
        draftId: id,
        coordinates: currentLocation?.coordinates,
        placeName: currentLocation?.placeName,
        now,
      });
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
    setLocationState(undefined);
    setTimeOfDayChosen(false);
    setGeneration((g) => g + 1);
  }, [discardDraft]);

  return {
    values,
    errors,
    clientId,
    draft,
    generation,
    location,
    timeOfDayChosen,
    setLocation,
    chooseTimeOfDay,
    setField,
    fillIfEmpty,
    validateAll,
    saveAsDraft,
    discardDraft,
    reset,
  };
}
