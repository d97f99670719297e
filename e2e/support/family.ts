import type { APIRequestContext, Page } from 'playwright-core';
import { uniqueEmail } from './expectations';
import { sign } from './signing';

export interface FamilyStudent {
  id: number;
  firstName: string;
  lastName: string;
}

/** A parent signed in on `api` (the page's request context shares its cookies) with one student, subscribed. */
export async function parentWithActiveStudent(baseUrl: string, api: APIRequestContext): Promise<FamilyStudent> {
  const email = uniqueEmail('family');
  const password = 'correct horse 1';
  expect((await api.post(`${baseUrl}/api/register`, { data: { email, password } })).status()).toBeLessThan(300);
  expect((await api.post(`${baseUrl}/api/login`, { data: { email, password } })).status()).toBe(200);
  const created = await api.post(`${baseUrl}/api/students`, {
    data: { firstName: 'Sam', lastName: 'Learner', dateOfBirth: '2008-05-01', licenseNumber: 'L123' },
  });
  expect(created.status()).toBe(201);
  const student = (await created.json()) as FamilyStudent;
  const sub = await api.post(`${baseUrl}/api/create-subscription`, { data: { studentId: student.id } });
  expect(sub.status()).toBeLessThan(300);
  const { clientSecret } = (await sub.json()) as { clientSecret: string };
  expect((await api.post(`${baseUrl}/api/billing/simulate/confirm`, { data: { clientSecret } })).status()).toBeLessThan(
    300,
  );
  return student;
}

/** The conditions of a session form: weather, traffic and road (Day or Night is left to the sun, unless given). */
export async function fillConditions(page: Page, weather = 'rain', timeOfDay?: 'day' | 'night') {
  if (timeOfDay) await page.getByLabel('Time of Day', { exact: true }).selectOption(timeOfDay);
  await page.getByLabel('Weather', { exact: true }).selectOption(weather);
  await page.getByLabel('Traffic Conditions', { exact: true }).selectOption('medium');
  await page.getByLabel('Road Conditions', { exact: true }).selectOption('busy-road');
}

/** Both signature pads drawn. */
export async function signBoth(page: Page) {
  await sign(page, 0);
  await sign(page, 1);
  await expect(page.getByText('Signature captured').count()).resolves.toBe(2);
}

/** The browser's clock and zone set to Adelaide's, so dates, times and the sun are the family's own. */
export async function inAdelaide(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Australia/Adelaide' });
}

/**
 * The shell's install suggestion floats over the bottom of a phone's screen and comes back on every page load; it is
 * not what these journeys test, so the browser's offer never reaches the app.
 */
export async function withoutInstallPrompt(page: Page) {
  await page.addInitScript(() => {
    window.addEventListener('beforeinstallprompt', (event) => event.stopImmediatePropagation(), true);
  });
}
