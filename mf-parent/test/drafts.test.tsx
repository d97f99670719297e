import { act, fireEvent, screen } from '@testing-library/react';
import { DRAFTS_STORAGE_KEY, formDraftStorageKey } from '@logbook/contracts/constants';
import { TOASTS } from '@logbook/contracts/messages';
import { resetToasts } from '@logbook/shell-context/toasts';
import { DraftSessionsPanel } from '../src/features/drafts/components/DraftSessionsPanel';
import { DRAFTS_RECHECK_MS } from '../src/features/drafts/hooks/useStudentDrafts';
import { draftRouteText, draftTimeText, lightLabel } from '../src/features/drafts/utils/draftDisplay';
import { deleteDraft, readStudentDrafts } from '@logbook/session-device/drafts';
import { renderWithProviders, toastTexts } from './render';

const draft = (overrides: Record<string, unknown> = {}) => ({
  id: 'draft-1700000000000-abc123def',
  studentId: 7,
  studentName: 'Sam Lee',
  sessionDate: '2026-03-07',
  startTime: '09:00',
  endTime: '10:30',
  startLocation: 'Glenelg',
  endLocation: 'Adelaide',
  weatherConditions: '',
  trafficConditions: 'light',
  roadConditions: 'sealed',
  lightConditions: 'day',
  supervisorName: 'Pat Lee',
  supervisorLicense: 'SA123',
  lastSaved: '2026-03-07T10:35:00.000Z',
  ...overrides,
});

const store = (list: unknown) => localStorage.setItem(DRAFTS_STORAGE_KEY, JSON.stringify(list));

beforeEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('draft duration text', () => {
  it.each([
    ['09:00', '10:30', '09:00 – 10:30 (1h 30m)'],
    ['09:00', '10:00', '09:00 – 10:00 (1h)'],
    ['09:00', '09:45', '09:00 – 09:45 (45m)'],
    ['22:30', '00:15', '22:30 – 00:15 next day (1h 45m)'],
    ['23:50', '00:05', '23:50 – 00:05 next day (15m)'],
    ['10:00', '10:00', '10:00 – 10:00'],
    ['09:00', '', 'Starts 09:00'],
    ['', '', 'No times yet'],
  ])('%s to %s reads %p', (startTime, endTime, text) => {
    expect(draftTimeText({ startTime, endTime })).toBe(text);
  });

  it('names day and night, and nothing for anything else', () => {
    expect(lightLabel('day')).toBe('Day');
    expect(lightLabel('night')).toBe('Night');
    expect(lightLabel('')).toBeNull();
    expect(lightLabel('dusk')).toBeNull();
    expect(draftRouteText({ startSuburb: 'Glenelg', endSuburb: '' })).toBe('Glenelg → —');
  });
});

describe('draft listing', () => {
  it("keeps one student's readable drafts, newest first, and skips malformed entries", () => {
    store([
      draft({ id: 'a', lastSaved: '2026-03-01T00:00:00.000Z' }),
      draft({ id: 'b', studentId: '7', lastSaved: '2026-03-09T00:00:00.000Z' }),
      draft({ id: 'other', studentId: 8 }),
      { id: 'broken' },
      'nonsense',
      null,
      draft({ id: 'no-date', lastSaved: 12 }),
    ]);
    expect(readStudentDrafts(7).map((d) => d.id)).toEqual(['b', 'a']);
  });

  it('reads nothing from a missing or corrupt list', () => {
    expect(readStudentDrafts(7)).toEqual([]);
    localStorage.setItem(DRAFTS_STORAGE_KEY, '{not json');
    expect(readStudentDrafts(7)).toEqual([]);
    localStorage.setItem(DRAFTS_STORAGE_KEY, '{"id":"x"}');
    expect(readStudentDrafts(7)).toEqual([]);
  });

  it('deletes one draft, leaves every other entry as it was, and drops the form draft that was editing it', () => {
    store([draft({ id: 'a' }), { id: 'unreadable' }, draft({ id: 'b' })]);
    localStorage.setItem(formDraftStorageKey(7), JSON.stringify({ isDraft: true, draftId: 'a' }));
    localStorage.setItem(formDraftStorageKey(8), JSON.stringify({ isDraft: true, draftId: 'a' }));
    deleteDraft('a', 7);
    expect(JSON.parse(localStorage.getItem(DRAFTS_STORAGE_KEY)!).map((d: { id: string }) => d.id)).toEqual([
      'unreadable',
      'b',
    ]);
    expect(localStorage.getItem(formDraftStorageKey(7))).toBeNull();
    expect(localStorage.getItem(formDraftStorageKey(8))).not.toBeNull();
  });

  it('keeps a form draft that edits another draft', () => {
    store([draft({ id: 'a' })]);
    localStorage.setItem(formDraftStorageKey(7), JSON.stringify({ isDraft: true, draftId: 'b' }));
    deleteDraft('a', 7);
    expect(localStorage.getItem(formDraftStorageKey(7))).not.toBeNull();
  });
});

describe('draft sessions panel', () => {
  it('shows nothing when the student has no drafts', () => {
    store([draft({ studentId: 8 })]);
    renderWithProviders(<DraftSessionsPanel studentId={7} />);
    expect(screen.queryByTestId('draft-sessions-panel')).toBeNull();
  });

  it('lists each draft with name, date, times and duration, light, route, last saved and an Edit link', () => {
    store([
      draft(),
      draft({
        id: 'n1',
        lightConditions: 'night',
        startTime: '22:30',
        endTime: '00:15',
        lastSaved: '2026-03-08T00:00:00.000Z',
      }),
    ]);
    renderWithProviders(<DraftSessionsPanel studentId={7} />);
    const items = screen.getAllByTestId('draft-session');
    expect(items).toHaveLength(2);
    const [night, day] = items;
    expect(night.textContent).toContain('Sam Lee');
    expect(night.textContent).toContain('Night');
    expect(night.textContent).toContain('22:30 – 00:15 next day (1h 45m)');
    expect(day.textContent).toContain('7 Mar 2026');
    expect(day.textContent).toContain('09:00 – 10:30 (1h 30m)');
    expect(day.textContent).toContain('Day');
    expect(day.textContent).toContain('Glenelg → Adelaide');
    expect(day.textContent).toMatch(/Last saved .*2026/);
    const edit = screen.getAllByRole('link', { name: /Edit draft/ })[1];
    expect(edit.getAttribute('href')).toBe('/students/7/new-session?loadDraft=draft-1700000000000-abc123def');
  });

  it("shows the server's reason on a draft it refused", () => {
    store([draft({ serverMessage: 'An active subscription is required' })]);
    renderWithProviders(<DraftSessionsPanel studentId={7} />);
    expect(screen.getByTestId('draft-server-message').textContent).toContain('An active subscription is required');
  });

  it('deletes a draft with the spec toast and refreshes the list', () => {
    store([draft(), draft({ id: 'second' })]);
    renderWithProviders(<DraftSessionsPanel studentId={7} />);
    fireEvent.click(screen.getAllByRole('button', { name: /Delete draft/ })[0]);
    expect(toastTexts()).toEqual([TOASTS.draftDeleted]);
    expect(screen.getAllByTestId('draft-session')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /Delete draft/ }));
    expect(screen.queryByTestId('draft-sessions-panel')).toBeNull();
  });

  it('says so when the browser refuses to delete', () => {
    store([draft()]);
    renderWithProviders(<DraftSessionsPanel studentId={7} />);
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    fireEvent.click(screen.getByRole('button', { name: /Delete draft/ }));
    setItem.mockRestore();
    expect(toastTexts()).toEqual([`${TOASTS.error} — ${TOASTS.draftDeleteFailed}`]);
    expect(screen.getAllByTestId('draft-session')).toHaveLength(1);
  });

  it('notices a draft added in this tab without any event, such as a session the outbox could not send', () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<DraftSessionsPanel studentId={7} />);
      expect(screen.queryByTestId('draft-sessions-panel')).toBeNull();
      store([draft({ serverMessage: 'An active subscription is required' })]);
      act(() => {
        jest.advanceTimersByTime(DRAFTS_RECHECK_MS);
      });
      expect(screen.getByTestId('draft-server-message').textContent).toContain('An active subscription is required');
    } finally {
      jest.useRealTimers();
    }
  });

  it('follows changes another tab makes', () => {
    renderWithProviders(<DraftSessionsPanel studentId={7} />);
    expect(screen.queryByTestId('draft-sessions-panel')).toBeNull();
    store([draft()]);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: DRAFTS_STORAGE_KEY }));
    });
    expect(screen.getAllByTestId('draft-session')).toHaveLength(1);
  });
});
