import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Routed } from './routed';
import { SWRConfig } from 'swr';
import type { DrivingSession } from '@logbook/contracts/schemas';
import type { SavedSupervisor } from '@logbook/shell-context/supervisors';
import { ProgressSummaryCard } from '../src/features/progress/components/ProgressSummaryCard';
import { SessionHistoryPanel } from '../src/features/session-history/components/SessionHistoryPanel';
import { SupervisorDetailsCard } from '../src/features/session-form/components/SupervisorDetailsCard';
import {
  initialSelection,
  SOMEONE_ELSE,
  supervisorPayload,
  type SupervisorSelection,
} from '../src/features/session-form/utils/supervisorChoice';
import { emptySessionValues } from '../src/lib/sessionValues';

const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
});

const session = (over: Partial<DrivingSession>): DrivingSession => ({
  id: 1,
  studentId: 7,
  date: '2026-03-07',
  startTime: '09:00',
  endTime: '10:00',
  duration: '1.0 hours',
  startSuburb: 'Norwood',
  endSuburb: 'Glenelg',
  timeOfDay: 'day',
  trafficConditions: 'light',
  roadConditions: 'sealed',
  supervisorName: 'Pat Driver',
  supervisorLicenseNumber: 'SA12345',
  clientId: 'c',
  createdAt: '2026-03-07T10:00:00.000Z',
  weatherConditions: 'rain',
  status: 'in_force',
  correctionOf: null,
  supersededBy: null,
  changeReason: null,
  changedAt: null,
  ...over,
});

function serve(list: DrivingSession[]) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const body = url.includes('/removal') ? list[0] : list;
    return { ok: true, status: 200, statusText: '', json: async () => body, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
  return calls;
}

function renderHistory(canCorrect: boolean) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/students/7/sessions']}>
        <Routes>
          <Route
            path="/students/7/sessions"
            element={
              <Routed>
                <SessionHistoryPanel studentId={7} canCorrect={canCorrect} />
              </Routed>
            }
          />
          <Route path="/students/7/new-session" element={<p>Correction form</p>} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const list = [
  session({ id: 3, correctionOf: 1, startTime: '09:15', duration: '0.8 hours' }),
  session({
    id: 1,
    status: 'superseded',
    supersededBy: 3,
    changeReason: 'Started at 09:15, not 09:00',
    changedAt: '2026-03-08T01:00:00.000Z',
  }),
  session({
    id: 2,
    status: 'removed',
    changeReason: 'Logged twice',
    changedAt: '2026-03-08T02:00:00.000Z',
    weatherConditions: null,
  }),
];

describe('the history with corrections', () => {
  it('asks for the history, strikes corrected and removed entries with their reasons, and counts only those in force', async () => {
    const calls = serve(list);
    renderHistory(true);
    const items = await screen.findAllByTestId('session-item');
    expect(calls[0].url).toBe('/api/driving-sessions/7?include=history');
    expect(items.map((i) => i.getAttribute('data-status'))).toEqual(['in_force', 'superseded', 'removed']);
    expect(within(items[1]).getAllByText('Corrected')).toHaveLength(2);
    expect(within(items[1]).getByTestId('session-change').textContent).toMatch(
      /^Corrected on .+: Started at 09:15, not 09:00$/,
    );
    expect(within(items[2]).getByTestId('session-change').textContent).toMatch(/^Removed on .+: Logged twice$/);
    expect(within(items[0]).getByText('Weather: Rain')).toBeTruthy();
    expect(within(items[2]).getByText('Weather: Not recorded')).toBeTruthy();
    // Only the entry in force can be corrected or removed.
    expect(within(items[0]).getByRole('button', { name: /^Correct the session of/ })).toBeTruthy();
    expect(within(items[1]).queryByRole('button')).toBeNull();
    expect(within(items[2]).queryByRole('button')).toBeNull();
    // 0.8 hours in force (the total and the day hours); the struck entries do not count.
    expect(screen.getAllByText('0.8h')).toHaveLength(2);
    expect(screen.queryByText('2.8h')).toBeNull();
  });

  it('offers no actions to a student', async () => {
    serve(list);
    renderHistory(false);
    const items = await screen.findAllByTestId('session-item');
    expect(within(items[0]).queryByRole('button')).toBeNull();
  });

  it('removes an entry only with a reason, posting it to /removal', async () => {
    const calls = serve(list);
    renderHistory(true);
    const items = await screen.findAllByTestId('session-item');
    fireEvent.click(within(items[0]).getByRole('button', { name: /^Remove the session of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this session?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove session' }));
    });
    expect(within(dialog).getByText('Please give a reason')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/removal'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason for removing it'), { target: { value: ' Logged twice ' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove session' }));
    });
    const removal = calls.find((c) => c.url.includes('/removal'))!;
    expect(removal.url).toBe('/api/driving-sessions/3/removal');
    expect(removal.init?.method).toBe('POST');
    expect(JSON.parse(String(removal.init?.body))).toEqual({ reason: 'Logged twice' });
  });

  it('opens the correction form for the entry', async () => {
    serve(list);
    renderHistory(true);
    const items = await screen.findAllByTestId('session-item');
    fireEvent.click(within(items[0]).getByRole('button', { name: /^Correct the session of/ }));
    const dialog = screen.getByRole('dialog', { name: 'Correct this session?' });
    expect(screen.queryByText('Correction form')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Correct session' }));
    expect(screen.getByText('Correction form')).toBeTruthy();
  });
});

const saved: SavedSupervisor[] = [
  {
    id: 11,
    name: 'Alex Coach',
    licenseNumber: 'INS-1',
    isInstructor: true,
    lastUsedAt: '2026-03-07T00:00:00Z',
    createdAt: '2026-03-01T00:00:00Z',
  },
  {
    id: 12,
    name: 'Pat Driver',
    licenseNumber: 'SA12345',
    isInstructor: false,
    lastUsedAt: null,
    createdAt: '2026-03-02T00:00:00Z',
  },
];

describe('the saved supervisors on the form', () => {
  it('opens on the most recently used, or the one a draft names, else someone else', () => {
    expect(initialSelection(saved, { supervisorName: '', supervisorLicenseNumber: '' }).savedId).toBe(11);
    expect(initialSelection(saved, { supervisorName: 'pat driver', supervisorLicenseNumber: 'sa12345' }).savedId).toBe(
      12,
    );
    expect(initialSelection(saved, { supervisorName: 'Jo New', supervisorLicenseNumber: 'X1' })).toEqual(SOMEONE_ELSE);
    expect(initialSelection([], { supervisorName: '', supervisorLicenseNumber: '' })).toEqual(SOMEONE_ELSE);
  });

  it('sends the saved supervisor’s id, or someone else to remember', () => {
    expect(supervisorPayload({ ...SOMEONE_ELSE, savedId: 11 }, saved)).toEqual({
      supervisorId: 11,
      supervisorIsInstructor: true,
    });
    expect(supervisorPayload(SOMEONE_ELSE, saved)).toEqual({ supervisorIsInstructor: false, rememberSupervisor: true });
    expect(supervisorPayload({ savedId: null, isInstructor: true, remember: false }, saved)).toEqual({
      supervisorIsInstructor: true,
      rememberSupervisor: false,
    });
  });

  it('offers the saved ones first and someone else, with Remember ticked by default', () => {
    const changes: Array<[string, string]> = [];
    let selection: SupervisorSelection = { ...SOMEONE_ELSE, savedId: 11 };
    const { rerender } = render(
      <SupervisorDetailsCard
        values={emptySessionValues()}
        errors={{}}
        onChange={(f, v) => changes.push([f, v])}
        supervisors={saved}
        selection={selection}
        onSelect={(s) => (selection = s)}
      />,
    );
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'Alex CoachLicence INS-1 · Licensed driving instructor',
      'Pat DriverLicence SA12345',
      'Someone else',
    ]);
    // A saved supervisor picked: no Remember box (they are remembered already).
    expect(screen.queryByLabelText('Remember this supervisor')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Pat Driver/ }));
    expect(changes).toEqual([
      ['supervisorName', 'Pat Driver'],
      ['supervisorLicenseNumber', 'SA12345'],
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'Someone else' }));
    expect(selection.savedId).toBeNull();
    // Typing a saved supervisor's name and licence picks them.
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'pat driver' } });
    expect(selection.savedId).toBeNull();
    rerender(
      <SupervisorDetailsCard
        values={{ ...emptySessionValues(), supervisorName: 'pat driver' }}
        errors={{}}
        onChange={() => undefined}
        supervisors={saved}
        selection={selection}
        onSelect={(s) => (selection = s)}
      />,
    );
    fireEvent.change(screen.getByLabelText("Driver's License Number"), { target: { value: 'SA12345' } });
    expect(selection.savedId).toBe(12);
    selection = { ...selection, savedId: null };
    rerender(
      <SupervisorDetailsCard
        values={emptySessionValues()}
        errors={{}}
        onChange={() => undefined}
        supervisors={saved}
        selection={selection}
        onSelect={(s) => (selection = s)}
      />,
    );
    expect(screen.getByLabelText('Full Name')).toBeTruthy();
    expect((screen.getByLabelText('Remember this supervisor') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Licensed driving instructor') as HTMLInputElement).checked).toBe(false);
  });
});

describe('bonus hours on the progress card', () => {
  const summary = {
    dayHours: 16,
    nightHours: 2,
    totalHours: 18,
    targets: { day: 75, night: 25, total: 100 },
    percent: { day: 21, night: 8, total: 18 },
    remaining: { day: 59, night: 23, total: 82 },
    badge: 'Getting Started',
    sessionCount: 5,
  };

  it('says how many bonus hours came from instructor lessons, and nothing when there are none', () => {
    const { rerender } = render(<ProgressSummaryCard summary={{ ...summary, bonusHours: 6, instructorLessons: 2 }} />);
    expect(screen.getByTestId('bonus-hours').textContent).toBe('Total including 6 bonus hours from 2 lessons');
    rerender(<ProgressSummaryCard summary={{ ...summary, bonusHours: 0, instructorLessons: 0 }} />);
    expect(screen.queryByTestId('bonus-hours')).toBeNull();
  });
});
