import { useCallback, useEffect, useReducer, useRef } from 'react';
import { localDateISO, localTimeHHMM } from '@logbook/contracts/dates';
import { TOASTS } from '@logbook/contracts/messages';
import { toast } from '@logbook/ui/lib/toastStore';
import {
  draftFromValues,
  draftValuesFrom,
  findDraft,
  newDraftId,
  readFormDraft,
  removeDraft,
  removeFormDraft,
  saveDraft,
  writeFormDraft,
} from '@logbook/session-device/drafts';
import { readRunningDrive } from '@logbook/session-device/runningDrive';
import type { SessionLocation } from '../../../lib/coordinates';
import { driveLocation, driveSessionValues } from '../../../lib/driveValues';
import type { HistoryEntry } from '../../../lib/sessionHistory';
import { emptySessionValues, newClientId, type SessionField, type SessionValues } from '../../../lib/sessionValues';
import {
  initialSessionFormState,
  sessionFormReducer,
  type SessionFormAction,
  type SessionFormState,
} from '../utils/sessionFormState';
import { validateSession, type SessionDateLimits, type VehicleAsked } from '../utils/validation';
import { useDraftAutosave } from './useDraftAutosave';

export type { LoadedDraft } from '../utils/sessionFormState';

export interface SessionFormOptions {
  studentId: number | undefined;
  studentName: string;
  /** When known (a parent's view), a session cannot be dated before it. */
  dateOfBirth?: string;
  /** The `loadDraft` query parameter. */
  loadDraftId: string | null;
  /** Fill the form from the drive ended on this device (End Drive), rather than from a draft. */
  fromDrive?: boolean;
  /** The logged entry being corrected: the form opens with its values, and keeps no draft of them. */
  correcting?: HistoryEntry;
  /** What the family's state's log book records about the vehicle (nothing until known). */
  vehicleAsked?: VehicleAsked;
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

/** The form's values from a logged entry; both signatures are drawn again. */
export function entryValues(entry: HistoryEntry): SessionValues {
  return {
    ...emptySessionValues(),
    date: entry.date,
    startTime: entry.startTime,
    endTime: entry.endTime,
    startSuburb: entry.startSuburb,
    endSuburb: entry.endSuburb,
    timeOfDay: entry.timeOfDay,
    trafficConditions: entry.trafficConditions,
    roadConditions: entry.roadConditions,
    weatherConditions: entry.weatherConditions ?? '',
    supervisorName: entry.supervisorName,
    supervisorLicenseNumber: entry.supervisorLicenseNumber,
    vehicleRegistration: entry.vehicleRegistration ?? '',
    odometerStart: entry.odometerStart == null ? '' : String(entry.odometerStart),
    odometerEnd: entry.odometerEnd == null ? '' : String(entry.odometerEnd),
  };
}

function freshValues(): SessionValues {
  const now = new Date();
  return { ...emptySessionValues(), date: localDateISO(now), startTime: localTimeHHMM(now) };
}

/**
 * The draft to bring back when the form opens for a student: the one named by `loadDraft` (from the list, perhaps
 * returned by the server with its refusal), else the form's own copy; none when there is nothing to restore.
 */
function draftToRestore(
  studentId: number,
  loadDraftId: string | null,
): { restore: Extract<SessionFormAction, { type: 'restore' }>; loaded: string } | undefined {
  const listed = loadDraftId ? findDraft(loadDraftId) : undefined;
  if (listed) {
    const values = draftValuesFrom(listed);
    const restore = {
      type: 'restore' as const,
      values,
      location: locationFromStored(listed.coordinates, undefined, values),
      clientId: listed.clientId ?? newClientId(),
      draft: { id: listed.id, savedAt: listed.lastSaved, serverMessage: listed.serverMessage },
    };
    return { restore, loaded: TOASTS.draftLoadedById };
  }
  const copy = readFormDraft(studentId);
  if (!copy) return undefined;
  const copied = copy.draftId ? findDraft(copy.draftId) : undefined;
  if (copy.draftId && !copied) {
    // Its draft was deleted from the dashboard: the copy goes too.
    removeFormDraft(studentId);
    return undefined;
  }
  const values = draftValuesFrom(copy);
  const restore = {
    type: 'restore' as const,
    values,
    location: locationFromStored(copy.coordinates, copy.placeName, values),
    clientId: copy.clientId,
    draft: { id: copy.draftId, savedAt: copy.lastSaved, serverMessage: copied?.serverMessage },
  };
  return { restore, loaded: TOASTS.draftLoadedStored };
}

/**
 * The session form's values, errors, draft and client id. A draft is loaded by id or from the student's stored draft,
 * saved by id, and dropped once the session is logged or the form is cancelled.
 */
export function useSessionForm({
  studentId,
  studentName,
  dateOfBirth,
  loadDraftId,
  fromDrive,
  correcting,
  vehicleAsked,
}: SessionFormOptions) {
  const [state, applyToState] = useReducer(sessionFormReducer, undefined, () =>
    initialSessionFormState(freshValues(), newClientId()),
  );
  // Kept current at once, so two changes in one event (an end time filled after a lookup) both count and a
  // submit straight after a change sees it.
  const current = useRef<SessionFormState>(state);
  const dispatch = useCallback((action: SessionFormAction) => {
    current.current = sessionFormReducer(current.current, action);
    applyToState(action);
  }, []);
  const edited = useRef(false);
  const loadedFor = useRef<number | undefined>(undefined);
  // Kept current as the form renders, so a submit straight after the state's answer arrived checks against it.
  const dateLimits = useRef<SessionDateLimits>({ dateOfBirth, vehicleAsked });
  dateLimits.current = { dateOfBirth, vehicleAsked };

  useEffect(() => {
    if (!studentId || loadedFor.current === studentId) return;
    if (correcting) {
      loadedFor.current = studentId;
      dispatch({ type: 'fillFromEntry', values: entryValues(correcting), location: undefined });
      return;
    }
    loadedFor.current = studentId;
    const drive = fromDrive ? readRunningDrive(studentId) : undefined;
    if (drive?.ended) {
      dispatch({ type: 'fillFromDrive', values: driveSessionValues(drive), location: driveLocation(drive) });
      return;
    }
    const found = draftToRestore(studentId, loadDraftId);
    if (!found) return;
    dispatch(found.restore);
    toast({ title: TOASTS.draftLoadedTitle, description: found.loaded });
  }, [studentId, loadDraftId, fromDrive, correcting, dispatch]);

  // A correction is of a logged entry: it is never kept as a draft of a new session.
  const cancelAutosave = useDraftAutosave(correcting ? undefined : studentId, state, edited);

  const setField = useCallback(
    (field: SessionField, value: string) => {
      edited.current = true;
      dispatch({ type: 'setField', field, value, limits: dateLimits.current });
    },
    [dispatch],
  );

  /** The position the current-location button found, kept with the session. */
  const setLocation = useCallback(
    (location: SessionLocation) => {
      edited.current = true;
      dispatch({ type: 'setLocation', location });
    },
    [dispatch],
  );

  /** Day or Night picked by the person: a suggestion never changes it after this. */
  const chooseTimeOfDay = useCallback(
    (value: string) => {
      edited.current = true;
      dispatch({ type: 'chooseTimeOfDay', value, limits: dateLimits.current });
    },
    [dispatch],
  );

  /** Sets a field only if it is still empty (the end time filled in by an end-location lookup). */
  const fillIfEmpty = useCallback(
    (field: SessionField, value: string) => {
      if (!current.current.values[field]) setField(field, value);
    },
    [setField],
  );

  const validateAll = useCallback(() => {
    const errors = validateSession(current.current.values, dateLimits.current);
    dispatch({ type: 'showErrors', errors });
    return errors;
  }, [dispatch]);

  const saveAsDraft = useCallback((): boolean => {
    if (!studentId) {
      toast({ title: TOASTS.error, description: TOASTS.draftStudentIdRequired, variant: 'destructive' });
      return false;
    }
    const { values, clientId, draft, location } = current.current;
    const id = draft?.id ?? newDraftId();
    const now = new Date();
    try {
      saveDraft(
        draftFromValues({
          id,
          studentId,
          studentName,
          values,
          coordinates: location?.coordinates,
          clientId,
          previous: draft?.id ? findDraft(draft.id) : undefined,
          now,
        }),
      );
    } catch {
      toast({ title: TOASTS.error, description: TOASTS.draftSaveFailed, variant: 'destructive' });
      return false;
    }
    try {
      writeFormDraft(studentId, {
        values,
        clientId,
        draftId: id,
        coordinates: location?.coordinates,
        placeName: location?.placeName,
        now,
      });
    } catch {
      // The draft list holds the draft; the per-student copy is only a convenience.
    }
    dispatch({ type: 'draftSaved', draft: { id, savedAt: now.toISOString() } });
    toast({ title: TOASTS.draftSavedTitle, description: TOASTS.draftSaved });
    return true;
  }, [studentId, studentName, dispatch]);

  /** Forgets the draft this form came from and its per-student copy (after a submit or a cancel). */
  const discardDraft = useCallback(() => {
    cancelAutosave();
    edited.current = false;
    const draftId = current.current.draft?.id;
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
    dispatch({ type: 'reset', values: freshValues(), clientId: newClientId() });
  }, [discardDraft, dispatch]);

  return {
    ...state,
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
