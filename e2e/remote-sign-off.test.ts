import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { TOASTS } from '@logbook/contracts/messages';
import { expectAccessible } from './support/accessibility';
import { expectHeading, expectPath, expectToast } from './support/expectations';
import { fillConditions, parentWithActiveStudent, withoutInstallPrompt } from './support/family';
import { waitForEmail } from './support/inbox';
import { ARTIFACTS_DIR, journey } from './support/journey';
import { openBrowser } from './support/chromium';
import { sign } from './support/signing';
import { startTestStack, type TestStack } from './support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const PHONE = { viewport: { width: 360, height: 780 } };

interface Entry {
  id: number;
  status: string;
  startSuburb: string;
  signedRemotely?: boolean;
  signedAt?: string | null;
  signOff?: { status: string; remote: true; signedAt?: string };
}

journey(
  "a learner asks for the supervisor's signature; the supervisor signs at 360 px from the emailed link; it counts and prints",
  async ({ page }) => {
    const student = await parentWithActiveStudent(stack.url, page.request);
    const login = await page.request.post(`${stack.url}/api/students/${student.id}/create-login`, {
      data: { studentUsername: `sam${Date.now()}`, studentPassword: 'learner-pass-1' },
    });
    expect(login.status()).toBeLessThan(300);
    const { studentUsername } = (await (await page.request.get(`${stack.url}/api/students/${student.id}`)).json()) as {
      studentUsername: string;
    };

    // The learner, on their own phone, logs the drive on the session form, signs it and asks Pat to sign it.
    const pat = `pat-${Date.now()}@example.org`;
    const learnerPhone = await openBrowser(PHONE);
    try {
      const learner = learnerPhone.page;
      await withoutInstallPrompt(learner);
      await learner.goto(`${stack.url}/student-login`);
      await expectHeading(learner, 'Student Login');
      await learner.getByLabel('Username', { exact: true }).fill(studentUsername);
      await learner.getByLabel('Password', { exact: true }).fill('learner-pass-1');
      await learner.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expectPath(learner, '/student-dashboard');
      await learner.getByRole('link', { name: 'New Session' }).click();
      await expectPath(learner, `/student-new-session/${student.id}`);
      const form = learner.getByRole('form', { name: 'Driving session' });
      await form.waitFor({ timeout: 20_000 });
      await form.getByLabel('Date', { exact: true }).fill('2026-03-07');
      await form.getByLabel('Start Time', { exact: true }).fill('09:00');
      await form.getByLabel('End Time', { exact: true }).fill('11:30');
      await form.getByLabel('Start Suburb', { exact: true }).fill('Glenelg');
      await form.getByLabel('End Suburb', { exact: true }).fill('Mount Barker');
      await fillConditions(learner, 'rain', 'day');
      await form.getByLabel('Full Name', { exact: true }).fill('Pat Supervisor');
      await form.getByLabel("Driver's License Number", { exact: true }).fill('SA123456');
      await sign(learner, 0);
      await form.getByRole('checkbox', { name: 'Ask the supervisor to sign' }).check();
      const email = form.getByLabel("Supervisor's email", { exact: true });
      await email.waitFor();
      // The supervisor's pad gives way to their email: only the learner's pad is left.
      expect(await form.getByTestId('signature-canvas').count()).toBe(1);
      await email.fill(pat);
      expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
      await learner.screenshot({ path: path.join(ARTIFACTS_DIR, 'sign-off-request-form-360.png'), fullPage: true });
      await form.getByRole('button', { name: 'Submit Session' }).click();
      await expectToast(learner, TOASTS.sessionLogged);
      await expectPath(learner, '/student-dashboard');
    } finally {
      await learnerPhone.close();
    }
    const summary = async () =>
      (await (await page.request.get(`${stack.url}/api/driving-sessions/${student.id}/summary`)).json()) as {
        totalHours: number;
        awaitingSignature?: { sessionCount: number; hours: number };
      };
    expect(await summary()).toMatchObject({ totalHours: 0, awaitingSignature: { sessionCount: 1, hours: 2.5 } });

    // The parent's screen: the entry awaits Pat's signature and its hours are listed apart.
    await page.goto(`${stack.url}/students/${student.id}/sessions`);
    await expectHeading(page, 'Sam Learner');
    const item = page.getByTestId('session-item').first();
    await item.getByText("Awaiting Pat Supervisor's signature").waitFor();
    await page.getByTestId('awaiting-signature').waitFor();
    expect(await page.getByTestId('awaiting-signature').textContent()).toBe('2.5 h awaiting signature');
    expect(await page.getByTestId('hours-remaining').textContent()).toBe('75.0h');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Pat, on another phone with no account, opens the link from the local inbox.
    const message = await waitForEmail(stack.inboxUrl!, pat, (m) => /\/sign#/.test(m.text ?? ''));
    const link = /https?:\/\/\S*\/sign#[A-Za-z0-9_-]+/.exec(message.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(message.text).not.toContain('Sam Learner');
    const supervisor = await openBrowser(PHONE);
    try {
      const phone = supervisor.page;
      await withoutInstallPrompt(phone);
      // The token is in the fragment: the page reads it, and no request's path carries it.
      const { pathname, hash } = new URL(link!);
      await phone.goto(`${stack.url}${pathname}${hash}`);
      await expectHeading(phone, 'Sign a supervised drive');
      await phone.getByText('Mount Barker').waitFor();
      // Of the family, only the learner's first name and initial.
      const shown = (await phone.locator('main').textContent()) ?? '';
      expect(shown).toContain('Sam L.');
      expect(shown).not.toContain('Sam Learner');
      // Not one of the signed-in remotes' scripts was fetched for this page.
      const scripts = await phone.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((r) => r.name)
          .filter((n) => /remoteEntry|mf_/.test(n)),
      );
      expect(scripts).toEqual([]);
      // Nothing the page asked for carried the token in its address.
      const asked = await phone.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
      expect(asked.filter((name) => name.includes(hash.slice(1)))).toEqual([]);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectAccessible(phone);
      fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
      await phone.screenshot({ path: path.join(ARTIFACTS_DIR, 'sign-off-page-360.png'), fullPage: true });

      await phone.getByLabel('Year you got your full licence', { exact: true }).fill('1998');
      await sign(phone, 0);
      await phone.getByRole('button', { name: 'Sign this drive', exact: true }).click();
      await phone.getByText('Signed. Thank you!').waitFor();
      await expectAccessible(phone);
      await phone.screenshot({ path: path.join(ARTIFACTS_DIR, 'sign-off-signed-360.png'), fullPage: true });

      // The link works once.
      await phone.reload();
      await phone.getByText('This link no longer works').waitFor();
    } finally {
      await supervisor.close();
    }

    // The parent's log book on screen: signed remotely, and counted in the progress.
    await page.reload();
    await expectHeading(page, 'Sam Learner');
    await page
      .getByTestId('session-item')
      .first()
      .getByText(/^Signed remotely \d{1,2} \w{3} 20\d\d/)
      .waitFor();
    expect(await page.getByTestId('session-item').count()).toBe(1);
    await page.getByTestId('hours-remaining').waitFor();
    expect(await page.getByTestId('hours-remaining').textContent()).toBe('72.5h');
    expect(await page.getByTestId('summary-hours-remaining').textContent()).toContain('72.5h');
    expect(await page.getByTestId('awaiting-signature').count()).toBe(0);

    // Through the API: signed remotely, counted, printed with the time of signing.
    const history = (await (
      await page.request.get(`${stack.url}/api/driving-sessions/${student.id}?include=history`)
    ).json()) as Entry[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'in_force', signedRemotely: true, signOff: { status: 'signed' } });
    expect(await summary()).toMatchObject({ totalHours: 2.5, awaitingSignature: { sessionCount: 0, hours: 0 } });
    const pdf = await page.request.get(`${stack.url}/api/driving-sessions/${student.id}/pdf`);
    expect(pdf.status()).toBe(200);
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: await pdf.body() }).toString();
    expect(text).toContain('Mount Barker');
    expect(text).toMatch(/Signed remotely by the supervisor on \d{1,2} \w{3} 20\d\d, \d{1,2}:\d{2}/);
  },
  PHONE,
);
