import { act, renderHook } from '@testing-library/react';
import { formDraftStorageKey } from '@logbook/contracts/constants';
import { VALIDATION } from '@logbook/contracts/messages';
import { readFormDraft } from '@logbook/session-device/drafts';
import { AUTOSAVE_DELAY_MS, useDraftAutosave } from '../src/features/session-form/hooks/useDraftAutosave';
import {
  initialSessionFormState,
  sessionFormReducer,
  type SessionFormState,
} from '../src/features/session-form/utils/sessionFormState';
import { emptySessionValues } from '../src/lib/sessionValues';

const fresh = () => initialSessionFormState({ ...emptySessionValues(), date: '2026-03-07' }, 'client-new');

describe('the session form state', () => {
  it('restores a draft in one step: values, place, client id, the draft and its refusal, and redraws the pads', () => {
    const typed = sessionFormReducer(fresh(), { type: 'setField', field: 'endTime', value: '25:00', limits: {} });
    expect(typed.errors.endTime).toBeDefined();
    const restored = sessionFormReducer(typed, {
      type: 'restore',
      values: { ...emptySessionValues(), startSuburb: 'Norwood', timeOfDay: 'night' },
      location: { coordinates: { latitude: -34.9, longitude: 138.6 }, placeName: 'Norwood' },
      clientId: 'client-kept',
      draft: { id: 'draft-1', savedAt: '2026-03-07T09:30:00Z', serverMessage: 'An active subscription is required' },
    });
    expect(restored).toEqual<SessionFormState>({
      values: { ...emptySessionValues(), startSuburb: 'Norwood', timeOfDay: 'night' },
      errors: {},
      clientId: 'client-kept',
      draft: { id: 'draft-1', savedAt: '2026-03-07T09:30:00Z', serverMessage: 'An active subscription is required' },
      location: { coordinates: { latitude: -34.9, longitude: 138.6 }, placeName: 'Norwood' },
      timeOfDayChosen: true,
      generation: typed.generation + 1,
      fromDrive: false,
    });
  });

  it('keeps its client id when the restored copy has none', () => {
    const restored = sessionFormReducer(fresh(), {
      type: 'restore',
      values: emptySessionValues(),
      location: undefined,
      clientId: undefined,
      draft: { savedAt: '2026-03-07T09:30:00Z' },
    });
    expect(restored.clientId).toBe('client-new');
    expect(restored.timeOfDayChosen).toBe(false);
  });

  it('checks End Time again when Start Time changes', () => {
    let state = sessionFormReducer(fresh(), { type: 'setField', field: 'startTime', value: '09:00', limits: {} });
    state = sessionFormReducer(state, { type: 'setField', field: 'endTime', value: '09:00', limits: {} });
    expect(state.errors.endTime).toBe(VALIDATION.sameStartAndEnd);
    state = sessionFormReducer(state, { type: 'setField', field: 'startTime', value: '08:00', limits: {} });
    expect(state.errors.endTime).toBeUndefined();
  });

  it('marks Day or Night as chosen by the person, and a reset clears everything but redraws', () => {
    const chosen = sessionFormReducer(fresh(), { type: 'chooseTimeOfDay', value: 'day', limits: {} });
    expect(chosen).toMatchObject({ timeOfDayChosen: true, values: { timeOfDay: 'day' } });
    const reset = sessionFormReducer(chosen, { type: 'reset', values: emptySessionValues(), clientId: 'client-2' });
    expect(reset).toMatchObject({ timeOfDayChosen: false, clientId: 'client-2', draft: undefined, generation: 1 });
  });
});

describe('autosave', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('writes the form copy a moment after a change the person made, and never for an untouched form', () => {
    const edited = { current: false };
    const { rerender } = renderHook(({ form }) => useDraftAutosave(7, form, edited), {
      initialProps: { form: fresh() },
    });
    act(() => jest.advanceTimersByTime(AUTOSAVE_DELAY_MS * 2));
    expect(localStorage.getItem(formDraftStorageKey(7))).toBeNull();

    edited.current = true;
    const typed = sessionFormReducer(fresh(), { type: 'setField', field: 'startSuburb', value: 'Unley', limits: {} });
    rerender({ form: typed });
    act(() => jest.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1));
    expect(localStorage.getItem(formDraftStorageKey(7))).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(readFormDraft(7)).toMatchObject({ startSuburb: 'Unley', clientId: 'client-new' });
  });

  it('writes nothing once cancelled (a submit or a cancel)', () => {
    const edited = { current: true };
    const { result, rerender } = renderHook(({ form }) => useDraftAutosave(7, form, edited), {
      initialProps: { form: fresh() },
    });
    rerender({
      form: sessionFormReducer(fresh(), { type: 'setField', field: 'startSuburb', value: 'Unley', limits: {} }),
    });
    act(() => result.current());
    act(() => jest.advanceTimersByTime(AUTOSAVE_DELAY_MS * 2));
    expect(localStorage.getItem(formDraftStorageKey(7))).toBeNull();
  });
});
