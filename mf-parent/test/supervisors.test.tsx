import { act, fireEvent, screen, within } from '@testing-library/react';
import { VALIDATION } from '@logbook/contracts/messages';
import { resetToasts } from '@logbook/shell-context/toasts';
import { endRunningDrive, startRunningDrive } from '@logbook/session-device/runningDrive';
import { SupervisorsCard } from '../src/features/supervisors/components/SupervisorsCard';
import { RunningDriveLine } from '../src/features/running-drive/components/RunningDriveLine';
import { draftWeatherText } from '../src/features/drafts/utils/draftDisplay';
import { licenceShortfall } from '@logbook/contracts/supervisor-licence';
import { fakeFetch, renderWithProviders } from './render';

const originalFetch = globalThis.fetch;
beforeEach(() => {
  localStorage.clear();
  resetToasts();
});
afterEach(() => {
  globalThis.fetch = originalFetch;
});

const alex = {
  id: 11,
  name: 'Alex Coach',
  licenseNumber: 'INS-1',
  isInstructor: true,
  lastUsedAt: '2026-03-07T00:00:00.000Z',
  createdAt: '2026-03-01T00:00:00.000Z',
};

describe('the Supervising drivers card', () => {
  it('lists the saved supervisors and adds one, checking the fields with the form’s words', async () => {
    let list: object[] = [alex];
    const { calls } = fakeFetch({
      'GET /api/supervisors': () => ({ body: { supervisors: list } }),
      'POST /api/supervisors': (body) => {
        const added = { ...(body as object), id: 12, lastUsedAt: null, createdAt: '2026-03-08T00:00:00.000Z' };
        list = [...list, added];
        return { status: 201, body: added };
      },
    });
    renderWithProviders(<SupervisorsCard />);
    const item = await screen.findByTestId('saved-supervisor');
    expect(item.textContent).toContain('Alex Coach');
    expect(item.textContent).toContain('Licence INS-1 · Licensed driving instructor');

    fireEvent.click(screen.getByRole('button', { name: 'Add supervisor' }));
    const form = screen.getByRole('form', { name: 'Add supervisor' });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Add supervisor' }));
    });
    expect(within(form).getByText(VALIDATION.supervisorNameRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Full Name'), { target: { value: ' Jo Mentor ' } });
    fireEvent.change(within(form).getByLabelText("Driver's License Number"), { target: { value: 'SA555' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Add supervisor' }));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Jo Mentor',
      licenseNumber: 'SA555',
      isInstructor: false,
    });
    expect((await screen.findAllByTestId('saved-supervisor')).map((i) => i.textContent)).toEqual([
      expect.stringContaining('Alex Coach'),
      expect.stringContaining('Jo Mentor'),
    ]);
  });

  it('edits one, and removes one only once confirmed', async () => {
    let list = [alex];
    const { calls } = fakeFetch({
      'GET /api/supervisors': () => ({ body: { supervisors: list } }),
      'PUT /api/supervisors/11': (body) => {
        list = [{ ...alex, ...(body as object) }];
        return { body: list[0] };
      },
      'DELETE /api/supervisors/11': () => {
        list = [];
        return { status: 204 };
      },
    });
    renderWithProviders(<SupervisorsCard />);
    await screen.findByTestId('saved-supervisor');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Alex Coach' }));
    const form = screen.getByRole('form', { name: 'Save Alex Coach' });
    fireEvent.click(within(form).getByLabelText('Licensed driving instructor'));
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save Alex Coach' }));
    });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Alex Coach',
      licenseNumber: 'INS-1',
      isInstructor: false,
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Remove Alex Coach' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Alex Coach?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Alex Coach' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove supervisor' }));
    });
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/supervisors/11')).toBe(true);
    expect(await screen.findByText('No supervisors saved yet.')).toBeTruthy();
  });

  it('says so when the list cannot be loaded', async () => {
    fakeFetch({ 'GET /api/supervisors': { status: 500, body: { message: 'Down' } } });
    renderWithProviders(<SupervisorsCard />);
    expect(await screen.findByText('The saved supervisors could not be loaded.')).toBeTruthy();
  });
  it("takes the licence's state and year of the full licence, and warns when that falls short of the state's rule", async () => {
    const { calls } = fakeFetch({
      'GET /api/supervisors': () => ({ body: { supervisors: [] } }),
      'POST /api/supervisors': (body) => ({
        status: 201,
        body: { ...(body as object), id: 14, lastUsedAt: null, createdAt: '2026-03-08T00:00:00.000Z' },
      }),
    });
    renderWithProviders(<SupervisorsCard licenceRule={{ stateName: 'South Australia', fullLicenceYears: 2 }} />);
    await screen.findByText('No supervisors saved yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Add supervisor' }));
    const form = screen.getByRole('form', { name: 'Add supervisor' });
    const thisYear = new Date().getFullYear();
    fireEvent.change(within(form).getByLabelText('Full Name'), { target: { value: 'Riley New' } });
    fireEvent.change(within(form).getByLabelText("Driver's License Number"), { target: { value: 'SA777' } });
    fireEvent.change(within(form).getByLabelText('Licence issued in (optional)'), { target: { value: 'SA' } });
    expect(within(form).queryByTestId('licence-shortfall')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Year of full licence (optional)'), {
      target: { value: String(thisYear - 1) },
    });
    expect(within(form).getByTestId('licence-shortfall').textContent).toBe(
      `South Australia asks that a supervisor has held a full licence for 2 years: a full licence from ${thisYear - 1} counts 0 years so far, so drives with them do not count toward the test yet.`,
    );
    // A licensed driving instructor meets the rule.
    fireEvent.click(within(form).getByLabelText('Licensed driving instructor'));
    expect(within(form).queryByTestId('licence-shortfall')).toBeNull();
    fireEvent.click(within(form).getByLabelText('Licensed driving instructor'));
    fireEvent.change(within(form).getByLabelText('Year of full licence (optional)'), {
      target: { value: String(thisYear - 3) },
    });
    expect(within(form).queryByTestId('licence-shortfall')).toBeNull();
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Add supervisor' }));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Riley New',
      licenseNumber: 'SA777',
      isInstructor: false,
      licenceState: 'SA',
      fullLicenceYear: thisYear - 3,
    });
  });

  it("keeps the supervisor's email to ask them to sign on their own phone, refuses one that is not, and forgets it when cleared", async () => {
    const { calls } = fakeFetch({
      'GET /api/supervisors': () => ({ body: { supervisors: [{ ...alex, email: 'alex@example.com' }] } }),
      'PUT /api/supervisors/11': (body) => ({ body: { ...alex, ...(body as object) } }),
    });
    renderWithProviders(<SupervisorsCard />);
    await screen.findByText('Alex Coach');
    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    const form = screen.getByRole('form', { name: 'Save Alex Coach' });
    const email = within(form).getByLabelText('Email (optional)') as HTMLInputElement;
    expect(email.value).toBe('alex@example.com');
    fireEvent.change(email, { target: { value: 'not an address' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save Alex Coach' }));
    });
    expect(within(form).getByText(VALIDATION.invalidEmail)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(email, { target: { value: '' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save Alex Coach' }));
    });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Alex Coach',
      licenseNumber: 'INS-1',
      isInstructor: true,
      email: '',
    });
  });

  it('refuses a year of the full licence that is not a year', async () => {
    fakeFetch({ 'GET /api/supervisors': () => ({ body: { supervisors: [] } }) });
    renderWithProviders(<SupervisorsCard />);
    await screen.findByText('No supervisors saved yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Add supervisor' }));
    const form = screen.getByRole('form', { name: 'Add supervisor' });
    fireEvent.change(within(form).getByLabelText('Full Name'), { target: { value: 'Riley New' } });
    fireEvent.change(within(form).getByLabelText("Driver's License Number"), { target: { value: 'SA777' } });
    fireEvent.change(within(form).getByLabelText('Year of full licence (optional)'), { target: { value: '1800' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Add supervisor' }));
    });
    expect(within(form).getByText(VALIDATION.fullLicenceYearInvalid)).toBeTruthy();
  });

  it('counts whole calendar years of the full licence, as the readiness check does', () => {
    const wa = { stateName: 'Western Australia', fullLicenceYears: 4 };
    expect(licenceShortfall(wa, { fullLicenceYear: 2021 }, 2026)).toBeUndefined();
    expect(licenceShortfall(wa, { fullLicenceYear: 2022 }, 2026)).toContain('counts 3 years so far');
    expect(licenceShortfall(wa, {}, 2026)).toBeUndefined();
    const nsw = { stateName: 'New South Wales', fullLicenceYears: 0 };
    expect(licenceShortfall(nsw, { fullLicenceYear: 2026 }, 2026)).toBeUndefined();
  });
});

describe('the running drive on the dashboard card', () => {
  it('shows nothing without a drive, then the drive running, then ended and waiting to be logged', () => {
    renderWithProviders(<RunningDriveLine studentId={7} />);
    expect(screen.queryByTestId('running-drive-line')).toBeNull();
    act(() => {
      startRunningDrive(7, { now: new Date(Date.now() - 25 * 60_000), startSuburb: 'Norwood' });
    });
    const line = screen.getByTestId('running-drive-line');
    expect(line.textContent).toMatch(/^Drive in progress for 25 min, started at \d{2}:\d{2} in Norwood/);
    expect(screen.getByRole('link', { name: 'Open drive' }).getAttribute('href')).toBe('/students/7/sessions');
    act(() => {
      endRunningDrive(7);
    });
    expect(screen.getByTestId('running-drive-line').textContent).toMatch(/^Drive ended, not logged yet/);
    expect(screen.getByRole('link', { name: 'Finish logging' }).getAttribute('href')).toBe(
      '/students/7/new-session?drive=ended',
    );
  });

  it('belongs to its own student only', () => {
    startRunningDrive(8);
    renderWithProviders(<RunningDriveLine studentId={7} />);
    expect(screen.queryByTestId('running-drive-line')).toBeNull();
  });
});

it('names a draft’s weather, or says it is still to choose', () => {
  expect(draftWeatherText('fog')).toBe('Fog');
  expect(draftWeatherText('')).toBe('Not chosen yet');
});
