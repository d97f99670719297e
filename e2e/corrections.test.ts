import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { expectHeading, expectPath, expectToast } from './support/expectations';
import { fillConditions, parentWithActiveStudent, signBoth, withoutInstallPrompt } from './support/family';
import { signaturePng } from './support/images';
import { journey } from './support/journey';
import { startTestStack, type TestStack } from './support/stack';

const SHOTS = '/work/notes/shots';
const PHONE = { width: 360, height: 780 };

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function logThroughApi(page: Page, studentId: number, date: string, endTime: string, duration: string) {
  const res = await page.request.post(`${stack.url}/api/driving-sessions`, {
    data: {
      studentId,
      date,
      startTime: '10:00',
      endTime,
      duration,
      startSuburb: 'Norwood',
      endSuburb: 'Glenelg',
      timeOfDay: 'day',
      trafficConditions: 'medium',
      roadConditions: 'sealed',
      weatherConditions: 'clear',
      studentSignature: signaturePng(),
      supervisorName: 'Pat Driver',
      supervisorLicenseNumber: 'SA998877',
      supervisorSignature: signaturePng(),
    },
  });
  expect(res.status()).toBe(201);
}

/** Both sides at once: a screenshot of `target` on a phone and on a laptop. */
async function shoot(page: Page, name: string, target: () => ReturnType<Page['locator']>) {
  await target().screenshot({ path: path.join(SHOTS, `${name}-360.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
  await target().screenshot({ path: path.join(SHOTS, `${name}-1280.png`) });
  await page.setViewportSize(PHONE);
}

journey(
  'a new supervisor is remembered and offered first; an entry is corrected and another removed, struck in the PDF',
  async ({ page }) => {
    await withoutInstallPrompt(page);
    const student = await parentWithActiveStudent(stack.url, page.request);
    await logThroughApi(page, student.id, '2026-11-10', '12:00', '2.0 hours');
    await logThroughApi(page, student.id, '2026-11-11', '11:00', '1.0 hours');
    await logThroughApi(page, student.id, '2026-11-12', '11:30', '1.5 hours');

    // A supervisor typed in for the first time is remembered (the box is ticked by default).
    await page.goto(`${stack.url}/students/${student.id}/new-session`);
    await page.getByTestId('student-name').waitFor();
    await expect(page.getByLabel('Remember this supervisor').isChecked()).resolves.toBe(true);
    await page.getByLabel('Date', { exact: true }).fill('2026-11-13');
    await page.getByLabel('Start Time', { exact: true }).fill('09:00');
    await page.getByLabel('End Time', { exact: true }).fill('10:00');
    await page.getByLabel('Start Suburb', { exact: true }).fill('home');
    await page.getByText("Record the suburb, not 'home', not 'shops'", { exact: false }).waitFor();
    await page.getByLabel('Start Suburb', { exact: true }).fill('Unley');
    await page.getByLabel('End Suburb', { exact: true }).fill('Mitcham');
    await fillConditions(page, 'overcast', 'day');
    await page.getByLabel('Full Name', { exact: true }).fill('Jo Mentor');
    await page.getByLabel("Driver's License Number", { exact: true }).fill('SA555111');
    await signBoth(page);
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectPath(page, '/dashboard');
    const saved = (await (await page.request.get(`${stack.url}/api/supervisors`)).json()) as {
      supervisors: Array<{ name: string; licenseNumber: string }>;
    };
    expect(saved.supervisors[0]).toMatchObject({ name: 'Jo Mentor', licenseNumber: 'SA555111' });

    // Administrator Settings lists Jo among the family's supervising drivers.
    await page.goto(`${stack.url}/admin-settings`);
    await page.getByTestId('saved-supervisor').filter({ hasText: 'Jo Mentor' }).waitFor();
    await expectAccessible(page);

    // Next time, Jo is offered first and already picked.
    await page.goto(`${stack.url}/students/${student.id}/new-session`);
    const first = page.getByRole('radio').first();
    await first.waitFor();
    await expect(page.getByRole('radio', { name: /Jo Mentor/ }).isChecked()).resolves.toBe(true);
    expect(await first.evaluate((el) => el.closest('label')?.textContent)).toMatch(/^Jo Mentor/);
    await expect(page.getByLabel('Full Name', { exact: true }).inputValue()).resolves.toBe('Jo Mentor');
    await expectAccessible(page);
    await shoot(page, 'form-saved-supervisor', () =>
      page.locator('section.ll-card').filter({ hasText: 'Supervising Driver Details' }),
    );

    // Correct the drive of 10 Nov: it ended at 11:30, not 12:00.
    await page.goto(`${stack.url}/students/${student.id}/sessions`);
    const entry = (when: string) => page.getByTestId('session-item').filter({ hasText: when });
    await entry('10 Nov 2026').getByRole('button', { name: 'Correct', exact: false }).click();
    await page
      .getByRole('dialog', { name: 'Correct this session?' })
      .getByRole('button', { name: 'Correct session' })
      .click();
    await expectHeading(page, 'Correct a Session');
    await expect(page.getByLabel('Start Suburb', { exact: true }).inputValue()).resolves.toBe('Norwood');
    await page.getByLabel('End Time', { exact: true }).fill('11:30');
    await page.getByLabel('Reason', { exact: true }).fill('Ended at 11:30, not 12:00');
    await signBoth(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit Correction' }).click();
    await expectToast(page, 'Session corrected');
    await expectPath(page, `/students/${student.id}/sessions`);
    await page.locator('[data-status="superseded"]').getByText('Ended at 11:30, not 12:00', { exact: false }).waitFor();

    // Remove the drive of 11 Nov, with a reason.
    await entry('11 Nov 2026').getByRole('button', { name: 'Remove', exact: false }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this session?' });
    await dialog.getByLabel('Reason for removing it').fill('Logged twice');
    await dialog.getByRole('button', { name: 'Remove session' }).click();
    await page.locator('[data-status="removed"]').getByText('Logged twice', { exact: false }).waitFor();
    await expectAccessible(page);
    // The toasts fade after a few seconds: the picture is of the history alone.
    await page.getByTestId('toast').first().waitFor({ state: 'detached', timeout: 15_000 });
    await shoot(page, 'history-corrected', () => page.getByRole('list', { name: 'Driving sessions' }));

    // In force: 1.5 (corrected) + 1.5 + 1.0 = 4 hours; the struck entries do not count.
    const summary = (await (
      await page.request.get(`${stack.url}/api/driving-sessions/${student.id}/summary`)
    ).json()) as {
      totalHours: number;
      sessionCount: number;
    };
    expect(summary).toMatchObject({ totalHours: 4, sessionCount: 3 });

    const pdf = await page.request.get(`${stack.url}/api/driving-sessions/${student.id}/pdf`);
    expect(pdf.status()).toBe(200);
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: await pdf.body() })
      .toString()
      .replace(/\s+/g, ' ');
    expect(text).toContain('Ended at 11:30, not 12:00');
    expect(text).toContain('Logged twice');
    expect(text).toMatch(/Total 4(\.0)? of \d+ hours/);
  },
  { viewport: PHONE },
);
