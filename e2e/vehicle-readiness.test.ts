import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { TOASTS } from '@logbook/contracts/messages';
import { ARTIFACTS_DIR, journey } from './support/journey';
import { expectPath, expectToast, uniqueEmail } from './support/expectations';
import { fillConditions, inAdelaide, signBoth, withoutInstallPrompt } from './support/family';
import { startTestStack, type TestStack } from './support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** The page fits the phone's width: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A South Australian family (the state a new family starts in) with one subscribed learner on a permit for well over
 * the 12 months asked, and a saved supervisor who has held a full licence since 2015.
 */
async function southAustralianFamily(page: Page) {
  const api = page.request;
  const email = uniqueEmail('vehicle');
  const password = 'correct horse 1';
  expect((await api.post(`${stack.url}/api/register`, { data: { email, password } })).status()).toBeLessThan(300);
  expect((await api.post(`${stack.url}/api/login`, { data: { email, password } })).status()).toBe(200);
  const created = await api.post(`${stack.url}/api/students`, {
    data: { firstName: 'Ava', lastName: 'Nguyen', dateOfBirth: '2008-05-01', permitDate: '2024-06-03' },
  });
  expect(created.status()).toBe(201);
  const student = (await created.json()) as { id: number };
  const sub = await api.post(`${stack.url}/api/create-subscription`, { data: { studentId: student.id } });
  const { clientSecret } = (await sub.json()) as { clientSecret: string };
  expect(
    (await api.post(`${stack.url}/api/billing/simulate/confirm`, { data: { clientSecret } })).status(),
  ).toBeLessThan(300);
  const supervisor = await api.post(`${stack.url}/api/supervisors`, {
    data: {
      name: 'Pat Driver',
      licenseNumber: 'SA998877',
      isInstructor: false,
      licenceState: 'SA',
      fullLicenceYear: 2015,
    },
  });
  expect(supervisor.status()).toBe(201);
  return student.id;
}

journey(
  'parent at 360 px: logs a drive with a vehicle, and the readiness checklist turns from not yet to ready',
  async ({ page }) => {
    await inAdelaide(page);
    await withoutInstallPrompt(page);
    await page.setViewportSize({ width: 360, height: 780 });
    const studentId = await southAustralianFamily(page);

    // The session form: the saved supervisor is offered, the vehicle card below the conditions.
    await page.goto(`${stack.url}/students/${studentId}/new-session`);
    await page.getByTestId('student-name').waitFor();
    await page.getByLabel('Date', { exact: true }).fill('2026-11-20');
    await page.getByLabel('Start Time', { exact: true }).fill('09:00');
    await page.getByLabel('End Time', { exact: true }).fill('10:00');
    await page.getByLabel('Start Suburb', { exact: true }).fill('Norwood');
    await page.getByLabel('End Suburb', { exact: true }).fill('Glenelg');
    await fillConditions(page, 'clear', 'day');
    await page.getByRole('heading', { name: 'Student Signature' }).scrollIntoViewIfNeeded();
    const registration = page.getByLabel('Registration (optional)', { exact: true });
    await registration.fill('s123abc');
    await page.getByLabel('Odometer at start (km) (optional)', { exact: true }).fill('41250');
    await page.getByLabel('Odometer at end (km) (optional)', { exact: true }).fill('41273');
    await page.getByTestId('odometer-distance').getByText('Distance: 23 km').waitFor();
    expect(await page.getByLabel('Full Name', { exact: true }).inputValue()).toBe('Pat Driver');
    await expectNoSidewaysScroll(page);
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await page
      .locator('section.ll-card', { has: page.getByRole('heading', { name: 'Vehicle', exact: true }) })
      .screenshot({ path: path.join(ARTIFACTS_DIR, 'session-form-vehicle-360.png') });
    await signBoth(page);
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectToast(page, TOASTS.sessionLogged);
    await expectPath(page, '/dashboard');

    // Kept with the entry, and remembered for the family's next drive with where its odometer stopped.
    const sessions = (await (await page.request.get(`${stack.url}/api/driving-sessions/${studentId}`)).json()) as Array<
      Record<string, unknown>
    >;
    expect(sessions).toEqual([
      expect.objectContaining({ vehicleRegistration: 'S123ABC', odometerStart: 41250, odometerEnd: 41273 }),
    ]);
    const vehicles = await (await page.request.get(`${stack.url}/api/vehicles`)).json();
    expect(vehicles.vehicles).toEqual([expect.objectContaining({ registration: 'S123ABC', lastOdometer: 41273 })]);

    // One hour of 75: the checklist on the student's sessions screen says not yet, and why.
    await page.goto(`${stack.url}/students/${studentId}/sessions`);
    const panel = page.getByTestId('readiness');
    const status = panel.getByTestId('readiness-status');
    await status.getByText('Not yet', { exact: true }).waitFor();
    expect(await panel.getByTestId('readiness-hours').getAttribute('data-ok')).toBe('false');
    expect(await panel.getByTestId('readiness-night-hours').getAttribute('data-ok')).toBe('false');
    expect(await panel.getByTestId('readiness-permit-time').getAttribute('data-ok')).toBe('true');
    expect(await panel.getByTestId('readiness-supervisors').getAttribute('data-ok')).toBe('true');
    // The history names the car and the distance driven in it.
    const entry = page.getByTestId('session-item').first();
    expect(await entry.getByTestId('session-vehicle').textContent()).toBe('Vehicle: S123ABC · 23 km');
    await expectNoSidewaysScroll(page);
    await panel.screenshot({ path: path.join(ARTIFACTS_DIR, 'readiness-not-yet-360.png') });
    await entry.screenshot({ path: path.join(ARTIFACTS_DIR, 'history-vehicle-360.png') });

    // The hours of the paper log book are added on the Edit Student screen.
    await page.goto(`${stack.url}/students/${studentId}`);
    const paper = page.getByTestId('paper-hours');
    await paper.getByRole('heading', { name: 'Paper log book hours' }).waitFor();
    await paper.getByLabel('Day Hours', { exact: true }).fill('60');
    await paper.getByLabel('Night Hours', { exact: true }).fill('15');
    await paper.getByRole('button', { name: 'Save Paper Hours' }).click();
    await expectToast(page, 'Paper hours saved');

    // 76 hours, 15 at night, on the permit long enough, every entry signed, the supervisor's licence old enough.
    await page.goto(`${stack.url}/students/${studentId}/sessions`);
    await status.getByText('Ready', { exact: true }).waitFor();
    for (const check of ['hours', 'night-hours', 'permit-time', 'entries', 'supervisors']) {
      expect(await panel.getByTestId(`readiness-${check}`).getAttribute('data-ok')).toBe('true');
    }
    await expectNoSidewaysScroll(page);
    await panel.screenshot({ path: path.join(ARTIFACTS_DIR, 'readiness-ready-360.png') });
  },
);
