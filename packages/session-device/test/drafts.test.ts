import { DRAFTS_STORAGE_KEY, formDraftStorageKey } from '@logbook/contracts/constants';
import { accountKey, parentAccount, rememberAccount, studentAccount } from '../src/deviceAccount';
import {
  DRAFT_FIELDS,
  deleteDraft,
  draftFromValues,
  draftValuesFrom,
  findDraft,
  readDrafts,
  readFormDraft,
  readStudentDrafts,
  saveDraft,
  writeFormDraft,
  type DraftValues,
} from '../src/drafts';

const values = (over: Partial<DraftValues> = {}): DraftValues => ({
  ...draftValuesFrom({}),
  date: '2026-03-07',
  startTime: '09:00',
  endTime: '10:30',
  startSuburb: 'Norwood',
  endSuburb: 'Glenelg',
  supervisorName: 'Pat Driver',
  ...over,
});

const draft = (id: string, studentId = 7, lastSaved = '2026-03-07T10:45:00Z', over: Partial<DraftValues> = {}) =>
  draftFromValues({ id, studentId, studentName: 'Sam Learner', values: values(over), now: new Date(lastSaved) });

beforeEach(() => localStorage.clear());

describe('the drafts kept on this device', () => {
  it('holds every field of the session form under the names the session gives them', () => {
    expect(DRAFT_FIELDS).toEqual(expect.arrayContaining(['date', 'startSuburb', 'supervisorLicenseNumber']));
    expect(Object.keys(draftValuesFrom({})).sort()).toEqual([...DRAFT_FIELDS].sort());
    // An outbox payload's odometer reading is a number: the form shows it as text.
    expect(draftValuesFrom({ odometerStart: 12034, startSuburb: 4 as unknown as string }).odometerStart).toBe('12034');
  });

  it("keeps the signed-in account's drafts apart from another account's on the same device", () => {
    rememberAccount(parentAccount(11));
    saveDraft(draft('draft-ann'));
    expect(localStorage.getItem(accountKey(DRAFTS_STORAGE_KEY, 'parent-11'))).toContain('draft-ann');
    expect(localStorage.getItem(DRAFTS_STORAGE_KEY)).toBeNull();

    rememberAccount(studentAccount(7));
    expect(readDrafts()).toEqual([]);
    saveDraft(draft('draft-sam'));
    expect(readDrafts().map((d) => d.id)).toEqual(['draft-sam']);

    rememberAccount(parentAccount(11));
    expect(readDrafts().map((d) => d.id)).toEqual(['draft-ann']);
  });

  it('replaces a draft saved again, lists a student newest first and finds one by id', () => {
    saveDraft(draft('draft-1', 7, '2026-03-07T10:00:00Z'));
    saveDraft(draft('draft-2', 7, '2026-03-08T10:00:00Z'));
    saveDraft(draft('draft-3', 8, '2026-03-09T10:00:00Z'));
    saveDraft(draft('draft-1', 7, '2026-03-07T11:00:00Z', { endSuburb: 'Brighton' }));
    expect(readDrafts().map((d) => d.id)).toEqual(['draft-1', 'draft-2', 'draft-3']);
    expect(readStudentDrafts(7).map((d) => d.id)).toEqual(['draft-2', 'draft-1']);
    expect(findDraft('draft-1')?.endSuburb).toBe('Brighton');
  });

  it('reads drafts saved under the old field names, and writes back untouched what it cannot read', () => {
    const stranger = { id: 'from-a-newer-version', studentId: 'not a number' };
    const old = {
      id: 'draft-old',
      studentId: 7,
      sessionDate: '2026-02-01',
      startLocation: 'Norwood',
      supervisorLicense: 'SA12345',
      lastSaved: '2026-02-01T09:00:00Z',
    };
    localStorage.setItem(DRAFTS_STORAGE_KEY, JSON.stringify([stranger, old]));
    expect(readDrafts()).toEqual([
      expect.objectContaining({
        id: 'draft-old',
        date: '2026-02-01',
        startSuburb: 'Norwood',
        supervisorLicenseNumber: 'SA12345',
      }),
    ]);
    saveDraft(draft('draft-new'));
    const stored = JSON.parse(localStorage.getItem(DRAFTS_STORAGE_KEY)!) as unknown[];
    expect(stored[0]).toEqual(stranger);
    expect(stored).toHaveLength(3);
  });

  it("deleting a draft also drops the form's copy that was editing it, and only that one", () => {
    saveDraft(draft('draft-1'));
    saveDraft(draft('draft-2'));
    writeFormDraft(7, { values: values(), draftId: 'draft-1', clientId: 'client-1' });
    deleteDraft('draft-2', 7);
    expect(readFormDraft(7)?.draftId).toBe('draft-1');
    deleteDraft('draft-1', 7);
    expect(readDrafts()).toEqual([]);
    expect(localStorage.getItem(formDraftStorageKey(7))).toBeNull();
  });

  it('keeps a form copy with its client id and a position rounded to about 100 m', () => {
    writeFormDraft(7, {
      values: values({ startSuburb: 'Glenelg' }),
      clientId: 'client-9',
      coordinates: { latitude: -34.92866, longitude: 138.59863 },
      placeName: 'Adelaide',
      now: new Date('2026-03-07T10:45:00Z'),
    });
    expect(readFormDraft(7)).toMatchObject({
      isDraft: true,
      startSuburb: 'Glenelg',
      clientId: 'client-9',
      coordinates: { latitude: -34.929, longitude: 138.599 },
      placeName: 'Adelaide',
      lastSaved: '2026-03-07T10:45:00.000Z',
    });
    localStorage.setItem(formDraftStorageKey(8), '{not json');
    expect(readFormDraft(8)).toBeUndefined();
  });

  it('a save from a form that left the weather empty keeps the weather the draft held', () => {
    const first = draft('draft-1', 7, '2026-03-07T10:45:00Z', { weatherConditions: 'rain' });
    const again = draftFromValues({
      id: 'draft-1',
      studentId: 7,
      studentName: 'Sam',
      values: values(),
      previous: first,
    });
    expect(again.weatherConditions).toBe('rain');
  });
});
