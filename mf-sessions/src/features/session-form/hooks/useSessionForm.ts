import { useCallback, useEffect, useReducer, useRef, type RefObject } from 'react';
import { formCheckOf, localDateISO, localTimeHHMM, SESSION_FORM_FIELDS, TOASTS } from '@logbook/contracts/view';
import { toast } from '@logbook/shell-context/shared';
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
  type LoadedDraft,
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
  const values = draftValuesFrom(entry);
  for (const field of SESSION_FORM_FIELDS) if (formCheckOf(field).kind === 'signature') values[field] = '';
  return values;
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

/** What the form opens with: the entry being corrected, the drive just ended, or a draft to bring back. */
function openingAction(
  studentId: number,
  { correcting, fromDrive, loadDraftId }: Pick<SessionFormOptions, 'correcting' | 'fromDrive' | 'loadDraftId'>,
): { action: SessionFormAction; loaded?: string } | undefined {
  if (correcting) return { action: { type: 'fillFromEntry', values: entryValues(correcting), location: undefined } };
  const drive = fromDrive ? readRunningDrive(studentId) : undefined;
  if (drive?.ended) {
    return { action: { type: 'fillFromDrive', values: driveSessionValues(drive), location: driveLocation(drive) } };
  }
  const found = draftToRestore(studentId, loadDraftId);
  return found && { action: found.restore, loaded: found.loaded };
}

/**
 * Keeps the form as a draft in the list and as the student's own copy; the saved draft's id and time, or undefined
 * (and a toast) when the list could not take it.
 */
function storeDraft(studentId: number, studentName: string, state: SessionFormState): LoadedDraft | undefined {
  const { values, clientId, draft, location } = state;
  const id = draft?.id ?? newDraftId();
  const now = new Date();
  try {
    const previous = draft?.id ? findDraft(draft.id) : undefined;
    const coordinates = location?.coordinates;
    saveDraft(draftFromValues({ id, studentId, studentName, values, coordinates, clientId, previous, now }));
  } catch {
    toast({ title: TOASTS.error, description: TOASTS.draftSaveFailed, variant: 'destructive' });
    return undefined;
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
  return { id, savedAt: now.toISOString() };
}

/** Forgets a draft and the student's copy of the form; an unremovable draft is only a leftover. */
function forgetDraft(draftId: string | undefined, studentId: number | undefined) {
  try {
    if (draftId) removeDraft(draftId);
    if (studentId) removeFormDraft(studentId);
  } catch {
    // Nothing more to do.
  }
}

/**
 * The form's state with a copy kept current at once, so two changes in one event (an end time filled after a lookup)
 * both count and a submit straight after a change sees it.
 */
function useFormState(): {
  state: SessionFormState;
  current: RefObject<SessionFormState>;
  dispatch: (action: SessionFormAction) => void;
} {
  const [state, applyToState] = useReducer(sessionFormReducer, undefined, () =>
    initialSessionFormState(freshValues(), newClientId()),
  );
  const current = useRef<SessionFormState>(state);
  const dispatch = useCallback((action: SessionFormAction) => {
    current.current = sessionFormReducer(current.current, action);
    applyToState(action);
  }, []);
  return { state, current, dispatch };
}

/** Fills the form once per student when it opens: from the entry corrected, the drive ended, or a draft. */
function useOpeningFill(
  studentId: number | undefined,
  options: Pick<SessionFormOptions, 'correcting' | 'fromDrive' | 'loadDraftId'>,
  dispatch: (action: SessionFormAction) => void,
) {
  const loadedFor = useRef<number | undefined>(undefined);
  const { correcting, fromDrive, loadDraftId } = options;
  useEffect(() => {
    if (!studentId || loadedFor.current === studentId) return;
    loadedFor.current = studentId;
    const opening = openingAction(studentId, { correcting, fromDrive, loadDraftId });
    if (!opening) return;
    dispatch(opening.action);
    if (opening.loaded) toast({ title: TOASTS.draftLoadedTitle, description: opening.loaded });
  }, [studentId, loadDraftId, fromDrive, correcting, dispatch]);
}

/**
 * The session form's values, errors, draft and client id. A draft is loaded by id or from the student's stored draft,
 * saved by id, and dropped once the session is logged or the form is cancelled.
 */
export function useSessionForm(options: SessionFormOptions) {
  const { studentId, studentName, dateOfBirth, correcting, vehicleAsked } = options;
  const { state, current, dispatch } = useFormState();
  const edited = useRef(false);
  // Kept current as the form renders, so a submit straight after the state's answer arrived checks against it.
  const dateLimits = useRef<SessionDateLimits>({ dateOfBirth, vehicleAsked });
  dateLimits.current = { dateOfBirth, vehicleAsked };
  useOpeningFill(studentId, options, dispatch);
  // A correction is of a logged entry: it is never kept as a draft of a new session.
  const cancelAutosave = useDraftAutosave(correcting ? undefined : studentId, state, edited);

  /** A change the person made: the draft is kept from now on. */
  const edit = useCallback(
    (action: SessionFormAction) => {
      edited.current = true;
      dispatch(action);
    },
    [dispatch],
  );
  const setField = useCallback(
    (field: SessionField, value: string) => edit({ type: 'setField', field, value, limits: dateLimits.current }),
    [edit],
  );
  /** The position the current-location button found, kept with the session. */
  const setLocation = useCallback((location: SessionLocation) => edit({ type: 'setLocation', location }), [edit]);
  /** Day or Night picked by the person: a suggestion never changes it after this. */
  const chooseTimeOfDay = useCallback(
    (value: string) => edit({ type: 'chooseTimeOfDay', value, limits: dateLimits.current }),
    [edit],
  );
  /** Sets a field only if it is still empty (the end time filled in by an end-location lookup). */
  const fillIfEmpty = useCallback(
    (field: SessionField, value: string) => {
      if (!current.current.values[field]) setField(field, value);
    },
    [current, setField],
  );

  const validateAll = useCallback(() => {
    const errors = validateSession(current.current.values, dateLimits.current);
    dispatch({ type: 'showErrors', errors });
    return errors;
  }, [current, dispatch]);

  const saveAsDraft = useCallback((): boolean => {
    if (!studentId) {
      toast({ title: TOASTS.error, description: TOASTS.draftStudentIdRequired, variant: 'destructive' });
      return false;
    }
    const saved = storeDraft(studentId, studentName, current.current);
    if (!saved) return false;
    dispatch({ type: 'draftSaved', draft: saved });
    toast({ title: TOASTS.draftSavedTitle, description: TOASTS.draftSaved });
    return true;
  }, [studentId, studentName, current, dispatch]);

  /** Forgets the draft this form came from and its per-student copy (after a submit or a cancel). */
  const discardDraft = useCallback(() => {
    cancelAutosave();
    edited.current = false;
    forgetDraft(current.current.draft?.id, studentId);
  }, [cancelAutosave, current, studentId]);

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

/** What the session form hands its parts: its state and what changes it. */
export type SessionFormApi = ReturnType<typeof useSessionForm>;
