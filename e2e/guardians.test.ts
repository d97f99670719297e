import path from 'node:path';
import type { Page } from 'playwright-core';
import { FAMILY_MESSAGES } from '@logbook/contracts/family';
import { PAYMENT_TEXT } from '@logbook/contracts/billing';
import { TOASTS } from '@logbook/contracts/messages';
import { openBrowser } from './support/chromium';
import { expectHeading, expectPath, expectRemoteScreen, expectToast, uniqueEmail } from './support/expectations';
import { parentWithActiveStudent, signBoth } from './support/family';
import { waitForEmail } from './support/inbox';
import { ARTIFACTS_DIR, journey } from './support/journey';
import { startTestStack, type TestStack } from './support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const PASSWORD = 'second-guardian-9';
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS_DIR, name), fullPage: true });

/** The shell's install suggestion floats over the bottom of the page; it is not what this journey looks at. */
async function dismissInstallPrompt(page: Page) {
  const dismiss = page.getByTestId('install-prompt').getByRole('button', { name: 'Dismiss' });
  if (await dismiss.isVisible()) await dismiss.click();
}

/** The address of the newest invitation emailed to the invitee, on this stack. */
async function invitationLink(address: string): Promise<string> {
  const mail = await waitForEmail(stack.inboxUrl!, address, (m) => /\/join#/.test(m.text ?? ''));
  const token = /\/join#([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  expect(token).toBeDefined();
  return `${stack.url}/join#${token}`;
}

/** A drive on the session form: one hour in the day, in Norwood. */
async function logADrive(page: Page, studentId: number) {
  await page.goto(`${stack.url}/students/${studentId}/new-session`);
  await page.getByTestId('student-name').waitFor();
  await page.getByLabel('Start Time', { exact: true }).fill('16:00');
  await page.getByLabel('End Time', { exact: true }).fill('17:00');
  await page.getByLabel('Start Suburb', { exact: true }).fill('Norwood');
  await page.getByLabel('End Suburb', { exact: true }).fill('Glenelg');
  await page.getByLabel('Time of Day', { exact: true }).selectOption('day');
  await page.getByLabel('Traffic Conditions', { exact: true }).selectOption('medium');
  await page.getByLabel('Road Conditions', { exact: true }).selectOption('busy-road');
  await page.getByLabel('Weather', { exact: true }).selectOption('clear');
  await page.getByLabel('Full Name', { exact: true }).fill('Pat Driver');
  await page.getByLabel("Driver's License Number", { exact: true }).fill('SA998877');
  await signBoth(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Submit Session' }).click();
  await expectToast(page, TOASTS.sessionLogged);
  await expectPath(page, '/dashboard');
}

journey(
  'two guardians share one family: an invitation, a drive logged by the second, billing rights and removal',
  async ({ page }) => {
    const student = await parentWithActiveStudent(stack.url, page.request);
    const aEmail = ((await (await page.request.get(`${stack.url}/api/user`)).json()) as { email: string }).email;
    const bEmail = uniqueEmail('guardian-b');

    // A invites B from the Account screen.
    await page.goto(`${stack.url}/account`);
    const family = page.getByTestId('family');
    await family.getByTestId('guardian').filter({ hasText: aEmail }).waitFor();
    expect(await family.getByTestId('guardian').textContent()).toContain('Holds the subscription');
    await family.getByLabel('Their email').fill(bEmail);
    await family.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(page, FAMILY_MESSAGES.invited, FAMILY_MESSAGES.invitedDescription);
    await family.getByTestId('invitations').getByText(bEmail).waitFor();
    await dismissInstallPrompt(page);

    // B follows the emailed link on a 360 px phone and registers through it.
    const link = await invitationLink(bEmail);
    const phone = await openBrowser({ viewport: { width: 360, height: 780 } });
    try {
      const b = phone.page;
      await b.goto(link);
      await expectHeading(b, 'Join a family');
      const email = b.getByLabel('Email', { exact: true });
      await email.waitFor();
      expect(await email.inputValue()).toBe(bEmail);
      await b.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await b.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
      await dismissInstallPrompt(b);
      await b.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      await screenshot(b, 'join-page-360.png');
      await b.getByRole('button', { name: 'Create account and join' }).click();
      await expectToast(b, FAMILY_MESSAGES.joined);
      await expectPath(b, '/dashboard');

      // Both see the learner.
      await b.getByText(`${student.firstName} ${student.lastName}`).first().waitFor();
      await page.goto(`${stack.url}/dashboard`);
      await page.getByText(`${student.firstName} ${student.lastName}`).first().waitFor();

      // B logs a drive; A sees it, with who logged it, and the progress counts it.
      await logADrive(b, student.id);
      await page.goto(`${stack.url}/students/${student.id}/sessions`);
      await expectRemoteScreen(page);
      await page.getByText('Norwood').first().waitFor();
      await page.getByTestId('session-logged-by').getByText(`Logged by ${bEmail}`).waitFor();
      const summary = (await (
        await page.request.get(`${stack.url}/api/driving-sessions/${student.id}/summary`)
      ).json()) as { totalHours: number; sessionCount: number };
      expect(summary).toMatchObject({ totalHours: 1, sessionCount: 1 });
      await page.goto(`${stack.url}/dashboard`);
      await page
        .getByTestId('progress-total')
        .getByText(/^1\.0 \/ /)
        .waitFor();

      // B does not hold the subscription: no card change, cancel or resume, and the API refuses it.
      await b.goto(`${stack.url}/students/${student.id}/subscribe`);
      await b.getByTestId('held-by').getByText(aEmail).waitFor();
      expect(await b.getByRole('button', { name: PAYMENT_TEXT.changeCard }).count()).toBe(0);
      expect(await b.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
      const card = await b.request.post(`${stack.url}/api/billing/card`, {
        data: { studentId: student.id },
        headers: { Origin: stack.url },
      });
      expect(card.status()).toBe(403);
      expect(((await card.json()) as { message: string }).message).toBe(FAMILY_MESSAGES.onlyBillingOwner);

      // A removes B, whose next request is refused.
      await page.goto(`${stack.url}/account`);
      await dismissInstallPrompt(page);
      await family.getByTestId('guardian').filter({ hasText: bEmail }).waitFor();
      await family.screenshot({ path: path.join(ARTIFACTS_DIR, 'family-card.png') });
      await family.getByRole('button', { name: `Remove ${bEmail}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Remove guardian' }).click();
      await expectToast(page, FAMILY_MESSAGES.removed);
      await family.getByTestId('guardian').filter({ hasText: bEmail }).waitFor({ state: 'detached' });
      expect((await b.request.get(`${stack.url}/api/students`)).status()).toBe(401);
    } finally {
      await phone.close();
    }
  },
);
