import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RoutedMemoryRouter as MemoryRouter } from './routed';
import { DRAFTS_STORAGE_KEY } from '@logbook/contracts/constants';
import { VALIDATION } from '@logbook/contracts/messages';
import { getToasts, resetToasts } from '@logbook/shell-context/toasts';
import { SessionForm } from '../src/features/session-form/components/SessionForm';
import { draftFromValues, saveDraft } from '@logbook/session-device/drafts';
import { emptySessionValues } from '../src/lib/sessionValues';

beforeAll(() => {
  // jsdom has no canvas; the pad only needs to exist.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  if (!globalThis.crypto?.randomUUID) {
    Object.defineProperty(globalThis, 'crypto', { value: require('node:crypto').webcrypto });
  }
});

beforeEach(() => {
  localStorage.clear();
  resetToasts();
});

function renderForm(loadDraftId: string | null = null, onCancel = jest.fn()) {
  render(
    <MemoryRouter>
      <SessionForm
        studentId={7}
        studentName="Sam Learner"
        loadDraftId={loadDraftId}
        onFinished={jest.fn()}
        onCancel={onCancel}
      />
    </MemoryRouter>,
  );
  return { onCancel };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the session form', () => {
  it('shows the cards of the spec in order, the step bar and the student beside the pad', () => {
    renderForm();
    expect(screen.getByRole('heading', { level: 1 })).toHaveProperty('textContent', 'New Driving Session');
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    const cards = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(cards).toEqual([
      'Session Details',
      'Location Details',
      'Driving Conditions',
      'Student Signature',
      'Supervising Driver Details',
      'Supervising Driver Signature',
    ]);
    expect(screen.getByTestId('student-name').textContent).toBe('Sam Learner');
    expect(field('Duration').placeholder).toBe('Auto-calculated');
    expect(field('Date').value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(field('Start Time').value).toMatch(/^\d{2}:\d{2}$/);
    for (const name of ['Save Draft', 'Cancel', 'Submit Session'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('recomputes the duration when both times are set', () => {
    renderForm();
    fireEvent.change(field('Start Time'), { target: { value: '23:15' } });
    fireEvent.change(field('End Time'), { target: { value: '00:45' } });
    expect(field('Duration').value).toBe('1.5 hours');
  });

  it('checks fields as they change', () => {
    renderForm();
    fireEvent.change(field('Full Name'), { target: { value: 'Pat' } });
    expect(screen.queryByText(VALIDATION.supervisorNameRequired)).toBeNull();
    fireEvent.change(field('Full Name'), { target: { value: '' } });
    expect(screen.getByText(VALIDATION.supervisorNameRequired)).toBeTruthy();
    fireEvent.change(field('Start Time'), { target: { value: '10:00' } });
    fireEvent.change(field('End Time'), { target: { value: '10:00' } });
    expect(screen.getByText(VALIDATION.sameStartAndEnd)).toBeTruthy();
  });

  it('refuses a date after today, and one before the student was born, as it is typed', () => {
    render(
      <MemoryRouter>
        <SessionForm
          studentId={7}
          studentName="Sam Learner"
          dateOfBirth="2008-04-12"
          loadDraftId={null}
          onFinished={jest.fn()}
        />
      </MemoryRouter>,
    );
    fireEvent.change(field('Date'), { target: { value: '2999-01-01' } });
    expect(screen.getByText(VALIDATION.dateInFuture)).toBeTruthy();
    fireEvent.change(field('Date'), { target: { value: '2008-04-11' } });
    expect(screen.getByText(VALIDATION.dateBeforeBirth)).toBeTruthy();
    fireEvent.change(field('Date'), { target: { value: '2008-04-12' } });
    expect(screen.queryByText(VALIDATION.dateBeforeBirth)).toBeNull();
    expect(screen.queryByText(VALIDATION.dateInFuture)).toBeNull();
  });

  it('shows every message, the signatures included, when submitted empty', async () => {
    renderForm();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit Session' }));
    });
    expect(screen.getByText('Student signature is required')).toBeTruthy();
    expect(screen.getByText('Supervisor signature is required')).toBeTruthy();
    expect(screen.getByText(VALIDATION.startSuburbRequired)).toBeTruthy();
    expect(screen.getByText(VALIDATION.timeOfDayRequired)).toBeTruthy();
  });

  it('saves a draft to draftSessions and then edits that draft', () => {
    renderForm();
    fireEvent.change(field('Start Suburb'), { target: { value: 'Norwood' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    const stored = JSON.parse(localStorage.getItem(DRAFTS_STORAGE_KEY)!);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ studentId: 7, studentName: 'Sam Learner', startSuburb: 'Norwood' });
    expect(getToasts()[0]).toMatchObject({
      title: 'Draft Saved',
      description: 'Your session has been saved as a draft.',
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Draft Session');
    expect(screen.getByText(/^Editing draft saved on /)).toBeTruthy();

    fireEvent.change(field('Start Suburb'), { target: { value: 'Unley' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    const again = JSON.parse(localStorage.getItem(DRAFTS_STORAGE_KEY)!);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ id: stored[0].id, startSuburb: 'Unley' });
  });

  it('tells the user when the browser refuses to store the draft', () => {
    renderForm();
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    } finally {
      setItem.mockRestore();
    }
    expect(getToasts()[0]).toMatchObject({ description: 'Failed to save draft.', variant: 'destructive' });
  });

  it('loads the draft named by loadDraft, and Cancel removes it', () => {
    saveDraft(
      draftFromValues({
        id: 'draft-1-abc',
        studentId: 7,
        studentName: 'Sam Learner',
        values: {
          ...emptySessionValues(),
          date: '2026-03-07',
          startTime: '08:00',
          endTime: '09:00',
          endSuburb: 'Glenelg',
        },
        now: new Date('2026-03-07T09:30:00Z'),
      }),
    );
    const { onCancel } = renderForm('draft-1-abc');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Draft Session');
    expect(field('End Suburb').value).toBe('Glenelg');
    expect(field('Duration').value).toBe('1.0 hours');
    expect(getToasts()[0]).toMatchObject({
      title: 'Draft Loaded',
      description: 'Your saved draft has been loaded for editing.',
    });
    fireEvent.click(within(screen.getByRole('form')).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(DRAFTS_STORAGE_KEY)!)).toEqual([]);
  });

  it('loads a draft saved under the old names, and says why the server refused it', () => {
    localStorage.setItem(
      DRAFTS_STORAGE_KEY,
      JSON.stringify([
        {
          id: 'draft-old-1',
          studentId: '7',
          studentName: 'Sam Learner',
          sessionDate: '2026-03-07',
          startTime: '08:00',
          endTime: '09:30',
          startLocation: 'Norwood',
          endLocation: 'Glenelg',
          weatherConditions: '',
          trafficConditions: 'light',
          roadConditions: 'busy-road',
          lightConditions: 'night',
          supervisorName: 'Pat Driver',
          supervisorLicense: 'SA998877',
          lastSaved: '2026-03-07T09:30:00.000Z',
          serverMessage: 'An active subscription is required',
        },
      ]),
    );
    renderForm('draft-old-1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Draft Session');
    expect(field('Date').value).toBe('2026-03-07');
    expect(field('Start Suburb').value).toBe('Norwood');
    expect(field('End Suburb').value).toBe('Glenelg');
    expect(field("Driver's License Number").value).toBe('SA998877');
    expect(field('Duration').value).toBe('1.5 hours');
    expect(screen.getByText('An active subscription is required')).toBeTruthy();
  });

  it('brings back the per-student form draft', () => {
    localStorage.setItem(
      'driving-session-draft-7',
      JSON.stringify({ isDraft: true, studentId: 7, supervisorName: 'Pat Driver', lastSaved: '2026-03-07T09:30:00Z' }),
    );
    renderForm();
    expect(field('Full Name').value).toBe('Pat Driver');
    expect(getToasts()[0]).toMatchObject({ description: 'Your previously saved draft has been loaded.' });
  });
});

describe('the per-student form draft and the draft list', () => {
  beforeEach(() => {
    localStorage.clear();
    resetToasts();
  });

  it('shows the server message of a draft the outbox brought back', () => {
    saveDraft(
      draftFromValues({
        id: 'draft-2-xyz',
        studentId: 7,
        studentName: 'Sam Learner',
        values: { ...emptySessionValues(), startSuburb: 'Refused Road' },
        serverMessage: 'An active subscription is required',
      }),
    );
    localStorage.setItem(
      'driving-session-draft-7',
      JSON.stringify({
        isDraft: true,
        studentId: 7,
        startSuburb: 'Refused Road',
        draftId: 'draft-2-xyz',
        lastSaved: '2026-03-07T09:30:00Z',
      }),
    );
    renderForm();
    expect(field('Start Suburb').value).toBe('Refused Road');
    expect(screen.getByText('An active subscription is required')).toBeTruthy();
  });

  it('forgets the copy of a draft that was deleted from the dashboard', () => {
    localStorage.setItem(
      'driving-session-draft-7',
      JSON.stringify({
        isDraft: true,
        studentId: 7,
        startSuburb: 'Gone',
        draftId: 'draft-deleted',
        lastSaved: '2026-03-07T09:30:00Z',
      }),
    );
    renderForm();
    expect(field('Start Suburb').value).toBe('');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('New Driving Session');
    expect(localStorage.getItem('driving-session-draft-7')).toBeNull();
  });
});
