import { DRAFTS_STORAGE_KEY } from '@logbook/contracts/constants';
import {
  draftFromValues,
  findDraft,
  newDraftId,
  readDrafts,
  readFormDraft,
  removeDraft,
  removeFormDraft,
  saveDraft,
  draftValuesFrom,
  readStoredDraft,
  writeFormDraft,
  type DraftStorage,
} from '@logbook/session-device/drafts';
import { emptySessionValues, type SessionValues } from '../src/lib/sessionValues';

const values = (over: Partial<SessionValues> = {}): SessionValues => ({
  ...emptySessionValues(),
  date: '2026-03-07',
  startTime: '09:00',
  endTime: '10:30',
  startSuburb: 'Norwood',
  endSuburb: 'Glenelg',
  timeOfDay: 'night',
  trafficConditions: 'medium',
  roadConditions: 'busy-road',
  studentSignature: 'data:image/png;base64,AAAA',
  supervisorName: 'Pat Driver',
  supervisorLicenseNumber: 'SA12345',
  ...over,
});

const draft = (id: string, over: Partial<SessionValues> = {}, studentId = 7) =>
  draftFromValues({
    id,
    studentId,
    studentName: 'Sam Learner',
    values: values(over),
    now: new Date('2026-03-07T10:45:00Z'),
  });

beforeEach(() => localStorage.clear());

describe('draft ids', () => {
  it('are made from the time and a random string', () => {
    expect(newDraftId(1767225600000, () => 0.123456789)).toMatch(/^draft-1767225600000-[a-z0-9]{9}$/);
    expect(newDraftId()).not.toBe(newDraftId());
  });
});

describe('the draftSessions list', () => {
  it("stores a draft under the session's own field names, signatures included", () => {
    saveDraft(draft('draft-1'));
    const stored = JSON.parse(localStorage.getItem(DRAFTS_STORAGE_KEY)!);
    expect(stored).toEqual([
      {
        id: 'draft-1',
        studentId: 7,
        studentName: 'Sam Learner',
        date: '2026-03-07',
        startTime: '09:00',
        endTime: '10:30',
        startSuburb: 'Norwood',
        endSuburb: 'Glenelg',
        timeOfDay: 'night',
        trafficConditions: 'medium',
        roadConditions: 'busy-road',
        studentSignature: 'data:image/png;base64,AAAA',
        supervisorName: 'Pat Driver',
        supervisorLicenseNumber: 'SA12345',
        supervisorSignature: '',
        weatherConditions: '',
        // The vehicle's details, empty until given (a draft saved before they were asked reads them as empty).
        vehicleRegistration: '',
        odometerStart: '',
        odometerEnd: '',
        lastSaved: '2026-03-07T10:45:00.000Z',
      },
    ]);
    expect(readStoredDraft(stored[0])).toEqual(draft('draft-1'));
  });

  it('reads a draft saved under the old names (sessionDate, startLocation, lightConditions, supervisorLicense)', () => {
    localStorage.setItem(
      DRAFTS_STORAGE_KEY,
      JSON.stringify([
        {
          id: 'draft-old',
          studentId: '7',
          studentName: 'Sam Learner',
          sessionDate: '2026-03-07',
          startTime: '09:00',
          endTime: '10:30',
          startLocation: 'Norwood',
          endLocation: 'Glenelg',
          weatherConditions: 'rain',
          trafficConditions: 'medium',
          roadConditions: 'busy-road',
          lightConditions: 'night',
          supervisorName: 'Pat Driver',
          supervisorLicense: 'SA12345',
          lastSaved: '2026-03-07T10:45:00.000Z',
          studentSignature: 'data:image/png;base64,AAAA',
          serverMessage: 'An active subscription is required',
        },
      ]),
    );
    const old = findDraft('draft-old');
    expect(old).toMatchObject({
      studentId: 7,
      weatherConditions: 'rain',
      serverMessage: 'An active subscription is required',
    });
    expect(old && draftValuesFrom(old)).toEqual({ ...values(), weatherConditions: 'rain' });
    expect(old).not.toHaveProperty('sessionDate');
    expect(old).not.toHaveProperty('startLocation');
  });

  it('adds a draft with a new id and replaces the one with the same id', () => {
    saveDraft(draft('draft-1'));
    saveDraft(draft('draft-2', { startSuburb: 'Unley' }));
    saveDraft(draft('draft-1', { startSuburb: 'Prospect' }));
    const drafts = readDrafts();
    expect(drafts.map((d) => [d.id, d.startSuburb])).toEqual([
      ['draft-1', 'Prospect'],
      ['draft-2', 'Unley'],
    ]);
  });

  it('removes only the draft asked for', () => {
    saveDraft(draft('draft-1'));
    saveDraft(draft('draft-2'));
    removeDraft('draft-1');
    expect(readDrafts().map((d) => d.id)).toEqual(['draft-2']);
    expect(findDraft('draft-1')).toBeUndefined();
    expect(findDraft('draft-2')?.studentName).toBe('Sam Learner');
  });

  it('keeps entries it cannot read when saving another', () => {
    localStorage.setItem(DRAFTS_STORAGE_KEY, JSON.stringify([{ id: 'old', odd: true }]));
    saveDraft(draft('draft-1'));
    expect(JSON.parse(localStorage.getItem(DRAFTS_STORAGE_KEY)!)[0]).toEqual({ id: 'old', odd: true });
    expect(readDrafts().map((d) => d.id)).toEqual(['draft-1']);
  });

  it('reads a damaged list as empty', () => {
    localStorage.setItem(DRAFTS_STORAGE_KEY, '{not json');
    expect(readDrafts()).toEqual([]);
  });

  it('lets a storage failure (quota) reach the caller', () => {
    const full: DraftStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => saveDraft(draft('draft-1'), full)).toThrow('full');
  });

  it('gives back the form values it was saved from', () => {
    const v = values({ supervisorSignature: 'data:image/png;base64,BBBB' });
    const stored = draftFromValues({ id: 'd', studentId: 7, studentName: 'S', values: v, clientId: 'abc' });
    expect(draftValuesFrom(stored)).toEqual(v);
    expect(stored.clientId).toBe('abc');
  });
});

describe('the per-student form draft', () => {
  it('lives under driving-session-draft-{studentId}, flagged isDraft', () => {
    writeFormDraft(7, { values: values(), clientId: 'c-1', draftId: 'draft-1', now: new Date('2026-03-07T11:00:00Z') });
    const raw = JSON.parse(localStorage.getItem('driving-session-draft-7')!);
    expect(raw).toMatchObject({
      isDraft: true,
      studentId: 7,
      startSuburb: 'Norwood',
      clientId: 'c-1',
      draftId: 'draft-1',
    });
    expect(readFormDraft(7)).toMatchObject({ ...values(), lastSaved: '2026-03-07T11:00:00.000Z', draftId: 'draft-1' });
    expect(readFormDraft(8)).toBeUndefined();
  });

  it('reads a form copy saved under the old names', () => {
    localStorage.setItem(
      'driving-session-draft-7',
      JSON.stringify({ isDraft: true, sessionDate: '2026-03-07', startLocation: 'Unley', lightConditions: 'day' }),
    );
    expect(readFormDraft(7)).toMatchObject({ date: '2026-03-07', startSuburb: 'Unley', timeOfDay: 'day' });
  });

  it('ignores a stored form without the isDraft flag, and is removed per student', () => {
    localStorage.setItem('driving-session-draft-9', JSON.stringify({ startSuburb: 'X' }));
    expect(readFormDraft(9)).toBeUndefined();
    writeFormDraft(7, { values: values() });
    writeFormDraft(8, { values: values() });
    removeFormDraft(7);
    expect(readFormDraft(7)).toBeUndefined();
    expect(readFormDraft(8)).toBeDefined();
  });
});
