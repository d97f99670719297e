import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { TOASTS } from '@logbook/contracts/messages';
import { OPENING_BALANCE_MESSAGES } from '@logbook/contracts/opening-balance';
import { expectHeading, expectPath, expectToast, fieldError, uniqueEmail } from './support/expectations';
import { ARTIFACTS_DIR, journey } from './support/journey';
import { startTestStack, type TestStack } from './support/stack';
import { signaturePng } from './support/images';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const PASSWORD = 'correct horse 1';

/** A parent signed in through the API; the page shares the cookie. */
async function signedInParent(api: APIRequestContext) {
  const email = uniqueEmail('beyond-paper');
  expect((await api.post(`${stack.url}/api/register`, { data: { email, password: PASSWORD } })).status()).toBeLessThan(
    300,
  );
  expect((await api.post(`${stack.url}/api/login`, { data: { email, password: PASSWORD } })).status()).toBe(200);
  return email;
}

/** A student with an active subscription (simulated provider) and one 2.5-hour day session. */
async function activeStudentWithASession(api: APIRequestContext) {
  const created = await api.post(`${stack.url}/api/students`, {
    data: { firstName: 'Mia', lastName: 'Rossi', dateOfBirth: '2008-07-19', licenseNumber: 'SA5512034' },
  });
  expect(created.status()).toBe(201);
  const student = (await created.json()) as { id: number };
  const sub = await api.post(`${stack.url}/api/create-subscription`, { data: { studentId: student.id } });
  const { clientSecret } = (await sub.json()) as { clientSecret: string };
  expect(
    (await api.post(`${stack.url}/api/billing/simulate/confirm`, { data: { clientSecret } })).status(),
  ).toBeLessThan(300);
  const session = await api.post(`${stack.url}/api/driving-sessions`, {
    data: {
      studentId: student.id,
      date: '2026-02-10',
      startTime: '09:00',
      endTime: '11:30',
      duration: '2.5 hours',
      startSuburb: 'Norwood',
      endSuburb: 'Glenelg',
      timeOfDay: 'day',
      trafficConditions: 'light',
      roadConditions: 'sealed',
      studentSignature: signaturePng(),
      supervisorName: 'Luca Rossi',
      supervisorLicenseNumber: 'SA998877',
      supervisorSignature: signaturePng(),
    },
  });
  expect(session.status()).toBe(201);
  return student.id;
}

/** The page fits the viewport: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The shell's install suggestion floats over the page; it is not what these pictures are of. */
async function dismissInstallPrompt(page: Page) {
  const dismiss = page.getByTestId('install-prompt').getByRole('button', { name: 'Dismiss' });
  if (await dismiss.isVisible()) await dismiss.click();
}

async function screenshotAt(page: Page, width: number, name: string, ready: Locator) {
  await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
  await ready.waitFor();
  await dismissInstallPrompt(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoSidewaysScroll(page);
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${width}.png`), fullPage: true });
}

/** The PDF's text as poppler's pdftotext reads it. */
const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString();

journey(
  'parent: applying the rules of New South Wales sets the targets to 100 day and 20 night hours',
  async ({ page }) => {
    await signedInParent(page.request);
    await page.goto(`${stack.url}/admin-settings`);
    await expectHeading(page, 'Administrator Settings');
    const day = page.getByLabel('Daytime Target Hours');
    const night = page.getByLabel('Nighttime Target Hours');
    // A new family follows South Australia's rule: 75 hours, 15 of them at night.
    await page.getByTestId('requirement-total').filter({ hasText: '75' }).waitFor();
    expect(await day.inputValue()).toBe('60');
    expect(await night.inputValue()).toBe('15');

    // Every state and territory is listed with its requirement and source; South Australia is suggested.
    const rules = page.getByTestId('state-rules');
    expect(await rules.getByRole('listitem').count()).toBe(8);
    await rules.getByTestId('state-rule-SA').getByText('Suggested', { exact: true }).waitFor();
    await rules.getByTestId('state-rule-NSW').getByText('120 hours, including 20 at night').waitFor();
    expect(await rules.getByTestId('state-rule-NSW').getByRole('link').getAttribute('href')).toContain('nsw.gov.au');
    await rules.getByTestId('state-rule-NT').getByText('No logged hours are required').waitFor();
    expect(await rules.getByTestId('state-rule-NT').getByRole('button').count()).toBe(0);

    await page.getByRole('button', { name: 'Apply the rules of New South Wales' }).click();
    expect(await day.inputValue()).toBe('100');
    expect(await night.inputValue()).toBe('20');
    await page
      .getByTestId('target-hours-notice')
      .getByText('The rules of New South Wales give 100 day and 20 night hours. Save Changes to use them.')
      .waitFor();

    for (const width of [1280, 360]) {
      await screenshotAt(page, width, 'admin-settings-state-rules', page.getByTestId('state-rule-NT'));
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, TOASTS.settingsUpdated, 'Targets are now 100 day and 20 night hours.');
    await page.getByTestId('requirement-total').filter({ hasText: '120' }).waitFor();
    const stored = (await (await page.request.get(`${stack.url}/api/settings`)).json()) as Array<{
      key: string;
      value: string;
    }>;
    expect(Object.fromEntries(stored.map((s) => [s.key, s.value]))).toMatchObject({
      dayTimeTargetHours: '100',
      nightTimeTargetHours: '20',
    });

    // After a reload the saved targets are back in the form, and the states whose rules they follow are marked.
    await page.reload();
    await expectHeading(page, 'Administrator Settings');
    await page.getByTestId('requirement-total').filter({ hasText: '120' }).waitFor();
    expect(await day.inputValue()).toBe('100');
    expect(await night.inputValue()).toBe('20');
    expect(await page.getByTestId('requirement-day').textContent()).toBe('100');
    expect(await page.getByTestId('requirement-night').textContent()).toBe('20');
    await rules.getByTestId('state-rule-NSW').getByText('Your targets').waitFor();
    await rules.getByTestId('state-rule-VIC').getByText('Your targets').waitFor();
    expect(await rules.getByTestId('state-rule-SA').getByText('Your targets').count()).toBe(0);

    // The targets stay editable after applying a state's rules.
    await page.getByRole('button', { name: 'Apply the rules of Queensland' }).click();
    expect(await day.inputValue()).toBe('90');
    await day.fill('85');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, TOASTS.settingsUpdated, 'Targets are now 85 day and 10 night hours.');
    await page.getByTestId('requirement-total').filter({ hasText: '95' }).waitFor();
  },
);

journey(
  'parent: paper hours entered on the Edit Student screen count in the progress panel and print on the PDF',
  async ({ page, context }) => {
    await signedInParent(page.request);
    const studentId = await activeStudentWithASession(page.request);

    await page.goto(`${stack.url}/dashboard`);
    const panel = page.getByTestId('progress-panel');
    await panel.getByTestId('progress-total').getByText('2.5 / 75.0 hours').waitFor();
    expect(await panel.getByTestId('progress-sources').count()).toBe(0);

    // The progress panel leads to the paper hours on the Edit Student screen.
    await panel.getByRole('link', { name: 'Add paper hours for Mia' }).click();
    await expectPath(page, `/students/${studentId}`);
    const paper = page.getByTestId('paper-hours');
    await paper.getByRole('heading', { name: 'Paper log book hours' }).waitFor();
    const dayHours = paper.getByLabel('Day Hours', { exact: true });
    const nightHours = paper.getByLabel('Night Hours', { exact: true });
    expect(await dayHours.inputValue()).toBe('0');
    expect(await nightHours.inputValue()).toBe('0');

    // Checked as typed, with the contracts' messages.
    await dayHours.fill('250');
    expect(await fieldError(page, 'Day Hours')).toBe(OPENING_BALANCE_MESSAGES.dayHours);
    await nightHours.fill('2.25');
    expect(await fieldError(page, 'Night Hours')).toBe(OPENING_BALANCE_MESSAGES.nightHours);
    await dayHours.fill('10');
    await nightHours.fill('2');
    expect(await fieldError(page, 'Day Hours')).toBe('');
    expect(await fieldError(page, 'Night Hours')).toBe('');
    await paper.getByLabel('Note (Optional)').fill('Blue book, pages 1 to 6');

    for (const width of [1280, 360]) {
      await screenshotAt(page, width, 'paper-hours-form', paper.getByRole('button', { name: 'Save Paper Hours' }));
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await paper.getByRole('button', { name: 'Save Paper Hours' }).click();
    await expectToast(
      page,
      'Paper hours saved',
      '10 day and 2 night hours from the paper log book now count towards Mia’s targets.',
    );
    const stored = await page.request.get(`${stack.url}/api/students/${studentId}/opening-balance`);
    expect(await stored.json()).toEqual({ dayHours: 10, nightHours: 2, note: 'Blue book, pages 1 to 6' });

    // They stay after a reload.
    await page.reload();
    await page.getByTestId('paper-hours').getByRole('heading', { name: 'Paper log book hours' }).waitFor();
    await page.waitForFunction(
      () => (document.querySelector('input[name="dayHours"]') as HTMLInputElement | null)?.value === '10',
    );
    expect(await page.getByTestId('paper-hours').getByLabel('Note (Optional)').inputValue()).toBe(
      'Blue book, pages 1 to 6',
    );

    // The dashboard counts them, apart from the logged session.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expectPath(page, '/dashboard');
    await panel.getByTestId('progress-total').getByText('14.5 / 75.0 hours').waitFor();
    await panel.getByTestId('progress-day').getByText('12.5 / 60.0 hours').waitFor();
    await panel.getByTestId('progress-night').getByText('2.0 / 15.0 hours').waitFor();
    expect(await panel.getByTestId('progress-paper-hours').textContent()).toBe(
      '10.0 h day and 2.0 h night from the paper log book',
    );
    expect(await panel.getByTestId('progress-logged-hours').textContent()).toBe('2.5 h from 1 logged session');
    await panel.getByRole('link', { name: 'Edit paper hours for Mia' }).waitFor();
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      await panel.getByTestId('progress-paper-hours').waitFor();
      await dismissInstallPrompt(page);
      await expectNoSidewaysScroll(page);
      await panel.screenshot({ path: path.join(ARTIFACTS_DIR, `progress-panel-paper-hours-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Download PDF Log: the PDF shows the paper hours apart from the sessions.
    const pdfResponse = context.waitForEvent('response', (r) =>
      r.url().endsWith(`/api/driving-sessions/${studentId}/pdf`),
    );
    const newTab = context.waitForEvent('page');
    await panel.getByRole('button', { name: 'Download PDF Log' }).click();
    const tab = await newTab;
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    await tab.close();
    const pdf = await page.request.get(`${stack.url}/api/driving-sessions/${studentId}/pdf`);
    const text = pdfText(await pdf.body());
    expect(text).toContain('Includes 10.0 day and 2.0 night hours from a paper log book:');
    expect(text).toContain('Blue book, pages 1 to 6');
    expect(text).toMatch(/1 session logged/);
  },
);
