import { useLayoutEffect } from 'react';
import { act, renderHook } from '@testing-library/react';
import { formDraftStorageKey } from '@logbook/contracts/constants';
import { VALIDATION } from '@logbook/contracts/messages';
import { draftFromValues, readFormDraft, saveDraft, writeFormDraft } from '@logbook/session-device/drafts';
import { AUTOSAVE_DELAY_MS, useDraftAutosave } from '../src/features/session-form/hooks/useDraftAutosave';
import { useSessionForm } from '../src/features/session-form/hooks/useSessionForm';
import { accountStorage, noteAccount, parentAccount } from '@logbook/session-device/deviceAccount';
import { initialSessionFormState, sessionFormReducer } from '../src/features/session-form/utils/sessionFormState';
import { emptySessionValues } from '../src/lib/sessionValues';

const fresh = () => initialSessionFormState({ ...emptySessionValues(), date: '2026-03-07' }, 'client-new');

describe('the session form state', () => {
  beforeEach(() => localStorage.clear());

  it('opens with the stored draft: values, place, client id, the draft and its refusal', () => {
    saveDraft(
      draftFromValues({
        id: 'draft-1',
        studentId: 7,
        studentName: 'Sam Learner',
        values: emptySessionValues(),
        serverMessage: 'An active subscription is required',
      }),
    );
    writeFormDraft(7, {
      values: { ...emptySessionValues(), startSuburb: 'Norwood', timeOfDay: 'night' },
      clientId: 'client-kept',
      draftId: 'draft-1',
      coordinates: { latitude: -34.9, longitude: 138.6 },
      now: new Date('2026-03-07T09:30:00Z'),
    });
    const { result } = renderHook(() =>
      useSessionForm({ studentId: 7, studentName: 'Sam Learner', loadDraftId: null }),
    );
    expect(result.current).toMatchObject({
      values: { ...emptySessionValues(), startSuburb: 'Norwood', timeOfDay: 'night' },
      errors: {},
      clientId: 'client-kept',
      draft: {
        id: 'draft-1',
        savedAt: '2026-03-07T09:30:00.000Z',
        serverMessage: 'An active subscription is required',
      },
      location: { coordinates: { latitude: -34.9, longitude: 138.6 }, placeName: 'Norwood' },
      timeOfDayChosen: true,
      fromDrive: false,
    });
  });

  it('keeps its own client id when the restored copy has none', () => {
    localStorage.setItem(formDraftStorageKey(7), JSON.stringify({ isDraft: true, studentId: 7, startSuburb: 'Unley' }));
    const { result } = renderHook(() =>
      useSessionForm({ studentId: 7, studentName: 'Sam Learner', loadDraftId: null }),
    );
    expect(result.current.values.startSuburb).toBe('Unley');
    expect(result.current.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.current.timeOfDayChosen).toBe(false);
  });

  it('keeps what is typed the moment the form is shown, before a stored draft could be brought back', () => {
    writeFormDraft(7, { values: { ...emptySessionValues(), odometerStart: '41250', odometerEnd: '' } });
    // A keystroke landing as soon as the form is drawn: before the form's own effects have run.
    const { result } = renderHook(() => {
      const form = useSessionForm({ studentId: 7, studentName: 'Sam Learner', loadDraftId: null });
      const { setField } = form;
      useLayoutEffect(() => setField('odometerEnd', '41273'), [setField]);
      return form;
    });
    expect(result.current.values).toMatchObject({ odometerStart: '41250', odometerEnd: '41273' });
    expect(result.current.latest().values).toMatchObject({ odometerStart: '41250', odometerEnd: '41273' });
  });

  it('checks End Time again when Start Time changes', () => {
    let state = sessionFormReducer(fresh(), { type: 'setField', field: 'startTime', value: '09:00', limits: {} });
    state = sessionFormReducer(state, { type: 'setField', field: 'endTime', value: '09:00', limits: {} });
    expect(state.errors.endTime).toBe(VALIDATION.sameStartAndEnd);
    state = sessionFormReducer(state, { type: 'setField', field: 'startTime', value: '08:00', limits: {} });
    expect(state.errors.endTime).toBeUndefined();
  });

  it('marks Day or Night as chosen by the person', () => {
    const chosen = sessionFormReducer(fresh(), { type: 'chooseTimeOfDay', value: 'day', limits: {} });
    expect(chosen).toMatchObject({ timeOfDayChosen: true, values: { timeOfDay: 'day' } });
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

  it('writes a copy still to be written at once when the form closes, or the page goes away', () => {
    const edited = { current: true };
    const typed = (odometerEnd: string) =>
      sessionFormReducer(fresh(), { type: 'setField', field: 'odometerEnd', value: odometerEnd, limits: {} });
    const { rerender, unmount } = renderHook(({ form }) => useDraftAutosave(7, form, edited), {
      initialProps: { form: fresh() },
    });
    rerender({ form: typed('41273') });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(readFormDraft(7)).toMatchObject({ odometerEnd: '41273' });
    rerender({ form: typed('41274') });
    unmount();
    expect(readFormDraft(7)).toMatchObject({ odometerEnd: '41274' });
  });

  it('brings back what was typed a moment before the form closed when it opens again', () => {
    const open = () =>
      renderHook(() => useSessionForm({ studentId: 7, studentName: 'Sam Learner', loadDraftId: null }));
    const first = open();
    act(() => first.result.current.setField('odometerEnd', '41273'));
    first.unmount();
    expect(open().result.current.values.odometerEnd).toBe('41273');
  });

  it("keeps what was typed under the account the form opened for, never another's that signed in meanwhile", () => {
    noteAccount(parentAccount(1));
    const edited = { current: true };
    const { rerender, unmount } = renderHook(({ form }) => useDraftAutosave(7, form, edited), {
      initialProps: { form: fresh() },
    });
    rerender({
      form: sessionFormReducer(fresh(), { type: 'setField', field: 'startSuburb', value: 'Unley', limits: {} }),
    });
    noteAccount(parentAccount(2));
    unmount();
    expect(readFormDraft(7, accountStorage('parent-1'))).toMatchObject({ startSuburb: 'Unley' });
    expect(readFormDraft(7, accountStorage('parent-2'))).toBeUndefined();
  });
});
