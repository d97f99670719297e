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
  /** True when the form was filled from a drive timed on this device (End Drive). */
  fromDrive: boolean;
}

export type SessionFormAction =
  | { type: 'setField'; field: SessionField; value: string; limits: SessionDateLimits }
  /** Day or Night picked by the person: a suggestion never changes it after this. */
  | { type: 'chooseTimeOfDay'; value: string; limits: SessionDateLimits }
  | { type: 'setLocation'; location: SessionLocation }
  | { type: 'showErrors'; errors: SessionErrors }
  | { type: 'draftSaved'; draft: LoadedDraft };

export function initialSessionFormState(values: SessionValues, clientId: string): SessionFormState {
  return {
    values,
    errors: {},
    clientId,
    draft: undefined,
    location: undefined,
    timeOfDayChosen: false,
    fromDrive: false,
  };
}

/** End Time is judged against Start Time, and the odometer at the end against the one at the start. */
const JUDGED_TOGETHER = [
  ['startTime', 'endTime'],
  ['odometerStart', 'odometerEnd'],
] as const;

function withField(
  state: SessionFormState,
  field: SessionField,
  value: string,
  limits: SessionDateLimits,
): SessionFormState {
  const values = { ...state.values, [field]: value };
  const errors = { ...state.errors, [field]: validateField(values, field, limits) };
  // A change to either field of a pair looks at both; the end's message waits until it is typed or was shown.
  for (const [start, end] of JUDGED_TOGETHER) {
    if (field !== start && field !== end) continue;
    errors[start] = validateField(values, start, limits);
    errors[end] = state.errors[end] !== undefined || values[end] ? validateField(values, end, limits) : undefined;
  }
  return { ...state, values, errors };
}

export function sessionFormReducer(state: SessionFormState, action: SessionFormAction): SessionFormState {
  switch (action.type) {
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
  }
}
