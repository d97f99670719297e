import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
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
import type { SessionFormProps } from '../utils/sessionFormProps';
import { useDraftAutosave, writeFormCopy } from './useDraftAutosave';

/** Whose session the form holds and what it opens with, and what the family's state asks of the vehicle. */
type SessionFormOptions = Pick<
  SessionFormProps,
  'studentId' | 'studentName' | 'dateOfBirth' | 'loadDraftId' | 'fromDrive' | 'correcting'
> & { vehicleAsked?: VehicleAsked };

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
function draftToRestore(studentId: number, loadDraftId: string | null, fresh: SessionFormState): FormOpening {
  const listed = loadDraftId ? findDraft(loadDraftId) : undefined;
  const copy = listed ? undefined : readFormDraft(studentId);
  const copied = copy?.draftId ? findDraft(copy.draftId) : undefined;
  if (copy?.draftId && !copied) {
    // Its draft was deleted from the dashboard: the copy goes too.
    removeFormDraft(studentId);
    return { state: fresh };
  }
  const stored = listed ?? copy;
  if (!stored) return { state: fresh };
  const values = draftValuesFrom(stored);
  const draft = listed
    ? { id: listed.id, savedAt: listed.lastSaved, serverMessage: listed.serverMessage }
    : { id: copy!.draftId, savedAt: copy!.lastSaved, serverMessage: copied?.serverMessage };
  const state: SessionFormState = {
    ...fresh,
    values,
    location: locationFromStored(stored.coordinates, copy?.placeName, values),
    timeOfDayChosen: Boolean(values.timeOfDay),
    clientId: stored.clientId ?? fresh.clientId,
    draft,
  };
  return { state, loaded: listed ? TOASTS.draftLoadedById : TOASTS.draftLoadedStored };
}

/** The form as it opens, and the toast that says a draft was brought back. */
interface FormOpening {
  state: SessionFormState;
  loaded?: string;
}

/**
 * What the form opens with: the entry being corrected (its Day or Night stands as chosen), the drive just ended
 * (Day or Night still to suggest), a draft brought back, or a fresh form. Worked out before the form is first drawn,
 * so nothing the person types can be replaced by it.
 */
function formOpening(
  studentId: number,
  { correcting, fromDrive, loadDraftId }: Pick<SessionFormOptions, 'correcting' | 'fromDrive' | 'loadDraftId'>,
): FormOpening {
  const fresh = initialSessionFormState(freshValues(), newClientId());
  if (correcting) return { state: { ...fresh, values: entryValues(correcting), timeOfDayChosen: true } };
  const drive = fromDrive ? readRunningDrive(studentId) : undefined;
  if (drive?.ended) {
    return { state: { ...fresh, values: driveSessionValues(drive), location: driveLocation(drive), fromDrive: true } };
  }
  return draftToRestore(studentId, loadDraftId, fresh);
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
    writeFormCopy(studentId, { ...state, draft: { id, savedAt: now.toISOString() } }, { now });
  } catch {
    // The draft list holds the draft; the per-student copy is only a convenience.
  }
  return { id, savedAt: now.toISOString() };
}

/** Forgets a draft and the student's copy of the form; an unremovable draft is only a leftover. */
function forgetDraft(draftId: string | undefined, studentId: number) {
  try {
    if (draftId) removeDraft(draftId);
    removeFormDraft(studentId);
  } catch {
    // Nothing more to do.
  }
}

/**
 * The form's state as it opens (and the toast saying a draft came back), with a copy kept current at once, so two
 * changes in one event (an end time filled after a lookup) both count and a submit straight after a change sees it.
 */
function useFormState(
  studentId: number,
  options: Pick<SessionFormOptions, 'correcting' | 'fromDrive' | 'loadDraftId'>,
) {
  const [opening] = useState(() => formOpening(studentId, options));
  const [state, applyToState] = useReducer(sessionFormReducer, opening.state);
  const current = useRef<SessionFormState>(state);
  const dispatch = useCallback((action: SessionFormAction) => {
    current.current = sessionFormReducer(current.current, action);
    applyToState(action);
  }, []);
  const announced = useRef(false);
  useEffect(() => {
    if (!opening.loaded || announced.current) return;
    announced.current = true;
    toast({ title: TOASTS.draftLoadedTitle, description: opening.loaded });
  }, [opening]);
  return { state, current, dispatch };
}

/**
 * The session form's values, errors, draft and client id. A draft is loaded by id or from the student's stored draft,
 * saved by id, and dropped once the session is logged or the form is cancelled.
 */
export function useSessionForm(options: SessionFormOptions) {
  const { studentId, studentName, dateOfBirth, correcting, vehicleAsked } = options;
  const { state, current, dispatch } = useFormState(studentId, options);
  const edited = useRef(false);
  // Kept current as the form renders, so a submit straight after the state's answer arrived checks against it.
  const dateLimits = useRef<SessionDateLimits>({ dateOfBirth, vehicleAsked });
  dateLimits.current = { dateOfBirth, vehicleAsked };
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

  /** The form as it stands now, changes not yet drawn included: what a submit sends. */
  const latest = useCallback(() => current.current, [current]);

  return {
    ...state,
    setLocation,
    chooseTimeOfDay,
    setField,
    fillIfEmpty,
    validateAll,
    saveAsDraft,
    discardDraft,
    latest,
  };
}

/** What the session form hands its parts: its state and what changes it. */
export type SessionFormApi = ReturnType<typeof useSessionForm>;
