import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOASTS, VALIDATION } from '@logbook/contracts/messages';
import { STATE_RULES, SUGGESTED_STATE } from '@logbook/contracts/state-rules';
import { resetToasts } from '@logbook/shell-context/toasts';
import AdminSettings from '../src/app/routes/AdminSettings';
import { validateSettingsForm } from '../src/features/settings/utils/settingsForm';
import { fakeFetch, renderWithProviders, toastTexts } from './render';

const user = { 'GET /api/user': { body: { id: 1, email: 'parent@example.com' } } };
const location = () => screen.getByTestId('location').textContent;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => resetToasts());

describe('settings validation', () => {
  it.each([
    ['0', '0'],
    ['200', '25'],
    ['75', '200'],
  ])('day %s and night %s are allowed', (day, night) => {
    expect(validateSettingsForm({ dayTimeTargetHours: day, nightTimeTargetHours: night })).toEqual({
      ok: true,
      data: { dayTimeTargetHours: Number(day), nightTimeTargetHours: Number(night) },
    });
  });

  it.each(['201', '-1', '', 'abc', '75.5', '1e2'])('a target of %p is refused', (value) => {
    expect(validateSettingsForm({ dayTimeTargetHours: value, nightTimeTargetHours: '25' })).toEqual({
      ok: false,
      errors: { dayTimeTargetHours: VALIDATION.targetHoursRange },
    });
    expect(validateSettingsForm({ dayTimeTargetHours: '75', nightTimeTargetHours: value })).toEqual({
      ok: false,
      errors: { nightTimeTargetHours: VALIDATION.targetHoursRange },
    });
  });
});

describe('Administrator Settings screen', () => {
  it('sends a signed-out visitor to /login', async () => {
    fakeFetch({ 'GET /api/user': { status: 401 } });
    renderWithProviders(<AdminSettings />, { path: '/admin-settings', route: '/admin-settings' });
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('shows the saved targets, their total, the 0–200 inputs and Back to Home', async () => {
    fakeFetch({
      ...user,
      'GET /api/settings': {
        body: [
          { key: 'dayTimeTargetHours', value: '60' },
          { key: 'nightTimeTargetHours', value: '20' },
        ],
      },
    });
    renderWithProviders(<AdminSettings />, { path: '/admin-settings', route: '/admin-settings' });
    await screen.findByRole('heading', { name: 'Administrator Settings' });
    await waitFor(() => expect(input('Daytime Target Hours').value).toBe('60'));
    expect(input('Nighttime Target Hours').value).toBe('20');
    expect(input('Daytime Target Hours').min).toBe('0');
    expect(input('Daytime Target Hours').max).toBe('200');
    expect(screen.getByTestId('requirement-day').textContent).toBe('60');
    expect(screen.getByTestId('requirement-night').textContent).toBe('20');
    expect(screen.getByTestId('requirement-total').textContent).toBe('80');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/dashboard');
  });

  it("resets to the state's rule (SA: 60 and 15), refuses out-of-range values, then saves with PUT for keys that exist and POST for the rest", async () => {
    let saved: Array<{ key: string; value: string }> = [{ key: 'dayTimeTargetHours', value: '60' }];
    const { calls } = fakeFetch({
      ...user,
      'GET /api/settings': () => ({ body: saved }),
      'PUT /api/settings/dayTimeTargetHours': (body) => {
        saved = [{ key: 'dayTimeTargetHours', value: (body as { value: string }).value }, ...saved.slice(1)];
        return { body: { key: 'dayTimeTargetHours', value: (body as { value: string }).value } };
      },
      'POST /api/settings': (body) => {
        saved = [...saved, body as { key: string; value: string }];
        return { body };
      },
    });
    renderWithProviders(<AdminSettings />, { path: '/admin-settings', route: '/admin-settings' });
    await waitFor(() => expect(input('Daytime Target Hours').value).toBe('60'));
    // The missing night key reads as the default.
    expect(input('Nighttime Target Hours').value).toBe('25');

    fireEvent.change(input('Daytime Target Hours'), { target: { value: '201' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText(VALIDATION.targetHoursRange)).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    expect(input('Daytime Target Hours').value).toBe('60');
    expect(input('Nighttime Target Hours').value).toBe('15');
    expect(screen.getByTestId('target-hours-notice').textContent).toBe(
      "The rule of South Australia: 60 day and 15 night hours, set for each learner's age. Save Changes to follow it.",
    );
    expect(screen.queryByText(VALIDATION.targetHoursRange)).toBeNull();

    fireEvent.change(input('Nighttime Target Hours'), { target: { value: '30' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    await waitFor(() => expect(toastTexts()[0]).toMatch(new RegExp(`^${TOASTS.settingsUpdated}`)));
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/settings/dayTimeTargetHours', { value: '60' }],
      ['POST', '/api/settings', { key: 'nightTimeTargetHours', value: '30' }],
    ]);
    await waitFor(() => expect(screen.getByTestId('requirement-total').textContent).toBe('90'));
  });

  it("Reset to Defaults then Save drops the family's own targets, so the state's rule sets them again", async () => {
    let saved = [
      { key: 'dayTimeTargetHours', value: '90' },
      { key: 'nightTimeTargetHours', value: '20' },
      { key: 'targetsFrom', value: 'family' },
      { key: 'state', value: 'NSW' },
    ];
    const { calls } = fakeFetch({
      ...user,
      'GET /api/settings': () => ({ body: saved }),
      'DELETE /api/settings/targets': () => {
        saved = [
          { key: 'dayTimeTargetHours', value: '100' },
          { key: 'nightTimeTargetHours', value: '20' },
          { key: 'targetsFrom', value: 'state' },
          { key: 'state', value: 'NSW' },
        ];
        return { body: saved };
      },
    });
    renderWithProviders(<AdminSettings />, { path: '/admin-settings', route: '/admin-settings' });
    await waitFor(() => expect(input('Daytime Target Hours').value).toBe('90'));
    fireEvent.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    expect(input('Daytime Target Hours').value).toBe('100');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    await waitFor(() => expect(toastTexts()[0]).toMatch(new RegExp(`^${TOASTS.settingsUpdated}`)));
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url])).toEqual([
      ['DELETE', '/api/settings/targets'],
    ]);
    await waitFor(() => expect(screen.getByTestId('requirement-total').textContent).toBe('120'));
  });

  it('says the settings were not saved when the server refuses', async () => {
    fakeFetch({
      ...user,
      'GET /api/settings': {
        body: [
          { key: 'dayTimeTargetHours', value: '75' },
          { key: 'nightTimeTargetHours', value: '25' },
        ],
      },
      'PUT /api/settings/dayTimeTargetHours': { status: 500 },
    });
    renderWithProviders(<AdminSettings />, { path: '/admin-settings', route: '/admin-settings' });
    await waitFor(() => expect(input('Daytime Target Hours').value).toBe('75'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.error} — ${TOASTS.settingsFailed}`]));
  });
});

describe('state rules', () => {
  const saved = (day: string, night: string) => ({
    ...user,
    'GET /api/settings': {
      body: [
        { key: 'dayTimeTargetHours', value: day },
        { key: 'nightTimeTargetHours', value: night },
      ],
    },
  });
  const renderSettings = async () => {
    renderWithProviders(<AdminSettings />, { path: '/admin-settings', route: '/admin-settings' });
    return screen.findByTestId('state-rules');
  };

  it('lists every state and territory with its requirement and source, South Australia first and suggested', async () => {
    fakeFetch(saved('75', '25'));
    const card = await renderSettings();
    const rows = within(card).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(
      ['SA', 'NSW', 'VIC', 'QLD', 'WA', 'TAS', 'ACT', 'NT'].map((code) => `state-rule-${code}`),
    );
    for (const rule of STATE_RULES) {
      const row = within(card).getByTestId(`state-rule-${rule.code}`);
      expect(within(row).getByText(rule.name)).toBeTruthy();
      const link = within(row).getByRole('link');
      expect(link.getAttribute('href')).toBe(rule.source);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(within(row).queryByText('Suggested') !== null).toBe(rule.code === SUGGESTED_STATE);
    }
    const nsw = within(card).getByTestId('state-rule-NSW');
    expect(within(nsw).getByText('120 hours, including 20 at night, for learners under 25')).toBeTruthy();
    expect(within(nsw).getByRole('link').textContent).toBe('transport.nsw.gov.au (opens in a new tab)');
    const vic = within(card).getByTestId('state-rule-VIC');
    expect(within(vic).getByText('120 hours, including 20 at night, for learners under 21')).toBeTruthy();
    const act = within(card).getByTestId('state-rule-ACT');
    expect(
      within(act).getByText('100 hours, including 10 at night, for learners under 25; 50 (5 at night) from 25'),
    ).toBeTruthy();
    expect(within(card).getByTestId('state-rule-SA').textContent).toContain('75 hours, including 15 at night');
  });

  it('applying New South Wales puts 100 day and 20 night hours in the form, still editable, saved with Save Changes', async () => {
    let stored = [
      { key: 'dayTimeTargetHours', value: '75' },
      { key: 'nightTimeTargetHours', value: '25' },
    ];
    const { calls } = fakeFetch({
      ...user,
      'GET /api/settings': () => ({ body: stored }),
      'PUT /api/settings/dayTimeTargetHours': (body) => {
        stored = [{ key: 'dayTimeTargetHours', value: (body as { value: string }).value }, stored[1]];
        return { body: stored[0] };
      },
      'PUT /api/settings/nightTimeTargetHours': (body) => {
        stored = [stored[0], { key: 'nightTimeTargetHours', value: (body as { value: string }).value }];
        return { body: stored[1] };
      },
      'PUT /api/settings/state': (body) => ({ body: { key: 'state', value: (body as { value: string }).value } }),
    });
    await renderSettings();
    await waitFor(() => expect(input('Daytime Target Hours').value).toBe('75'));
    // A message from an earlier mistake goes once the state's numbers are in.
    fireEvent.change(input('Daytime Target Hours'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText(VALIDATION.targetHoursRange)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Apply the rules of New South Wales' }));
    expect(input('Daytime Target Hours').value).toBe('100');
    expect(input('Nighttime Target Hours').value).toBe('20');
    expect(screen.queryByText(VALIDATION.targetHoursRange)).toBeNull();
    expect(screen.getByTestId('target-hours-notice').textContent).toBe(
      'The rules of New South Wales give 100 day and 20 night hours. Save Changes to use them.',
    );
    // Nothing is saved until the parent says so, and the requirements card still shows what is saved.
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    expect(screen.getByTestId('requirement-total').textContent).toBe('100');

    // Typing takes over from the rule.
    fireEvent.change(input('Daytime Target Hours'), { target: { value: '99' } });
    expect(screen.getByTestId('target-hours-notice').textContent).toBe('');
    fireEvent.change(input('Daytime Target Hours'), { target: { value: '100' } });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    await waitFor(() =>
      expect(toastTexts()).toEqual([`${TOASTS.settingsUpdated} — Targets are now 100 day and 20 night hours.`]),
    );
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/settings/dayTimeTargetHours', { value: '100' }],
      ['PUT', '/api/settings/nightTimeTargetHours', { value: '20' }],
      // The family's state goes with them, so New South Wales' instructor-lesson rule counts.
      ['PUT', '/api/settings/state', { value: 'NSW' }],
    ]);
    await waitFor(() => expect(screen.getByTestId('requirement-total').textContent).toBe('120'));
    // Both states whose rules give 100 and 20 are marked as the ones the targets follow.
    const marked = STATE_RULES.filter((rule) =>
      within(screen.getByTestId(`state-rule-${rule.code}`)).queryByText('Your targets'),
    ).map((rule) => rule.code);
    expect(marked).toEqual(['NSW', 'VIC']);
  });

  it.each(STATE_RULES.filter((rule) => rule.totalHours > 0).map((rule) => [rule.name, rule] as const))(
    'applying %s sets the day target to the total less the night hours',
    async (_name, rule) => {
      fakeFetch(saved('75', '25'));
      await renderSettings();
      await waitFor(() => expect(input('Daytime Target Hours').value).toBe('75'));
      fireEvent.click(screen.getByRole('button', { name: `Apply the rules of ${rule.name}` }));
      expect(input('Daytime Target Hours').value).toBe(String(rule.totalHours - rule.nightHours));
      expect(input('Nighttime Target Hours').value).toBe(String(rule.nightHours));
    },
  );

  it('the Northern Territory requires no hours, so it offers nothing to apply and the targets stay as they are', async () => {
    fakeFetch(saved('60', '20'));
    const card = await renderSettings();
    const nt = within(card).getByTestId('state-rule-NT');
    expect(within(nt).getByText('No logged hours are required')).toBeTruthy();
    expect(within(nt).getByText('Nothing to apply: set targets that suit your learner.')).toBeTruthy();
    expect(within(nt).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply the rules of Northern Territory' })).toBeNull();
    expect(within(card).getAllByRole('button', { name: /^Apply the rules of / })).toHaveLength(7);
    await waitFor(() => expect(input('Daytime Target Hours').value).toBe('60'));
    expect(input('Nighttime Target Hours').value).toBe('20');
  });

  it('marks South Australia when the saved targets are its 60 day and 15 night hours', async () => {
    fakeFetch(saved('60', '15'));
    const card = await renderSettings();
    await waitFor(() => expect(input('Daytime Target Hours').value).toBe('60'));
    expect(within(within(card).getByTestId('state-rule-SA')).getByText('Your targets')).toBeTruthy();
    expect(within(card).getAllByText('Your targets')).toHaveLength(1);
  });

  it('keeps the applied numbers in the form when saving fails', async () => {
    fakeFetch({ ...saved('75', '25'), 'PUT /api/settings/dayTimeTargetHours': { status: 500 } });
    await renderSettings();
    await waitFor(() => expect(input('Daytime Target Hours').value).toBe('75'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply the rules of Queensland' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    await waitFor(() => expect(toastTexts()).toEqual([`${TOASTS.error} — ${TOASTS.settingsFailed}`]));
    expect(input('Daytime Target Hours').value).toBe('90');
    expect(input('Nighttime Target Hours').value).toBe('10');
  });
});
