import type { SessionLocation } from '../../../lib/coordinates';
import type { SessionField, SessionValues } from '../../../lib/sessionValues';
import { validateField, type SessionDateLimits, type SessionErrors } from './validation';

/** The draft the form is editing: its id in the list (if saved there), when it was saved, and any refusal. */
export interface LoadedDraft {
  id?: string;
  savedAt: string;
  /** Why the server refused this session when it was sent; the outbox returned it to the drafts. */
  serverMessage?: string;
}

export interface SessionFormState {
  values: SessionValues;
  errors: SessionErrors;
  clientId: string;
  draft: LoadedDraft | undefined;
  location: SessionLocation | undefined;
  /** True once the person picked Day or Night themselves (or a draft brought their choice back). */
  timeOfDayChosen: boolean;
  /** Bumped when values are replaced wholesale, so signature pads redraw the loaded images. */
  generation: number;
  /** True when the form was filled from a drive timed on this device (End Drive). */
  fromDrive: boolean;
}

export type SessionFormAction =
  /** A draft brought back: from the list, from the form's own copy, or returned by the server with its refusal. */
  | {
      type: 'restore';
      values: SessionValues;
      location: SessionLocation | undefined;
      clientId: string | undefined;
      draft: LoadedDraft;
    }
  /** End Drive: the date, times and suburbs of the drive timed on this device; Day or Night still to suggest. */
  | { type: 'fillFromDrive'; values: SessionValues; location: SessionLocation | undefined }
  /** Correct: a logged entry's values (signatures drawn again); its Day or Night stands as chosen. */
  | { type: 'fillFromEntry'; values: SessionValues; location: SessionLocation | undefined }
  | { type: 'setField'; field: SessionField; value: string; limits: SessionDateLimits }
  /** Day or Night picked by the person: a suggestion never changes it after this. */
  | { type: 'chooseTimeOfDay'; value: string; limits: SessionDateLimits }
  | { type: 'setLocation'; location: SessionLocation }
  | { type: 'showErrors'; errors: SessionErrors }
  | { type: 'draftSaved'; draft: LoadedDraft }
  /** A clean form with a new client id (after a session was logged or queued). */
  | { type: 'reset'; values: SessionValues; clientId: string };

export function initialSessionFormState(values: SessionValues, clientId: string): SessionFormState {
  return {
    values,
    errors: {},
    clientId,
    draft: undefined,
    location: undefined,
    timeOfDayChosen: false,
    generation: 0,
    fromDrive: false,
  };
}

function withField(
  state: SessionFormState,
  field: SessionField,
  value: string,
  limits: SessionDateLimits,
): SessionFormState {
  const values = { ...state.values, [field]: value };
  const errors = { ...state.errors, [field]: validateField(values, field, limits) };
  // End Time is judged against Start Time, so a change to either looks at both.
  if (field === 'startTime' || field === 'endTime') {
    errors.startTime = validateField(values, 'startTime');
    errors.endTime =
      state.errors.endTime !== undefined || values.endTime ? validateField(values, 'endTime') : undefined;
  }
  // So is the odometer at the end against the one at the start.
  if (field === 'odometerStart' || field === 'odometerEnd') {
    errors.odometerStart = validateField(values, 'odometerStart', limits);
    errors.odometerEnd =
      state.errors.odometerEnd !== undefined || values.odometerEnd
        ? validateField(values, 'odometerEnd', limits)
        : undefined;
  }
  return { ...state, values, errors };
}

export function sessionFormReducer(state: SessionFormState, action: SessionFormAction): SessionFormState {
  switch (action.type) {
    case 'restore':
      return {
        ...state,
        values: action.values,
        errors: {},
        location: action.location,
        timeOfDayChosen: Boolean(action.values.timeOfDay),
        clientId: action.clientId ?? state.clientId,
        draft: action.draft,
        generation: state.generation + 1,
      };
    case 'fillFromDrive':
      return {
        ...state,
        values: action.values,
        errors: {},
        location: action.location,
        timeOfDayChosen: false,
        draft: undefined,
        fromDrive: true,
        generation: state.generation + 1,
      };
    case 'fillFromEntry':
      return {
        ...state,
        values: action.values,
        errors: {},
        location: action.location,
        timeOfDayChosen: true,
        draft: undefined,
        fromDrive: false,
        generation: state.generation + 1,
      };
    case 'setField':
      return withField(state, action.field, action.value, action.limits);
    case 'chooseTimeOfDay':
      return { ...withField(state, 'timeOfDay', action.value, action.limits), timeOfDayChosen: true };
    case 'setLocation':
      return { ...state, location: action.location };
    case 'showErrors':
      return { ...state, errors: action.errors };
    case 'draftSaved':
      return { ...state, draft: action.draft };
    case 'reset':
      return { ...initialSessionFormState(action.values, action.clientId), generation: state.generation + 1 };
  }
}
