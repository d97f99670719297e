import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { TOASTS, VALIDATION } from '@logbook/contracts/messages';
import { resetToasts } from '@logbook/ui/lib/toastStore';
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

  it('resets to 75 and 25, refuses out-of-range values, then saves with PUT for keys that exist and POST for the rest', async () => {
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
    expect(input('Daytime Target Hours').value).toBe('75');
    expect(input('Nighttime Target Hours').value).toBe('25');
    expect(screen.queryByText(VALIDATION.targetHoursRange)).toBeNull();

    fireEvent.change(input('Nighttime Target Hours'), { target: { value: '30' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    await waitFor(() => expect(toastTexts()[0]).toMatch(new RegExp(`^${TOASTS.settingsUpdated}`)));
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/settings/dayTimeTargetHours', { value: '75' }],
      ['POST', '/api/settings', { key: 'nightTimeTargetHours', value: '30' }],
    ]);
    await waitFor(() => expect(screen.getByTestId('requirement-total').textContent).toBe('105'));
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
