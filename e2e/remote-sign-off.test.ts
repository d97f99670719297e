import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { request } from 'playwright-core';
import { calculateDuration } from '@logbook/contracts/duration';
import { expectAccessible } from './support/accessibility';
import { expectHeading } from './support/expectations';
import { parentWithActiveStudent, withoutInstallPrompt } from './support/family';
import { signaturePng } from './support/images';
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

    // The learner, on their own phone, logs the drive and asks Pat to sign it.
    const learner = await request.newContext({ extraHTTPHeaders: { Origin: stack.url } });
    expect(
      (
        await learner.post(`${stack.url}/api/student-login`, {
          data: { studentUsername, studentPassword: 'learner-pass-1' },
        })
      ).status(),
    ).toBe(200);
    const pat = `pat-${Date.now()}@example.org`;
    const asked = await learner.post(`${stack.url}/api/driving-sessions`, {
      data: {
        studentId: student.id,
        date: '2026-03-07',
        startTime: '09:00',
        endTime: '11:30',
        duration: calculateDuration('09:00', '11:30'),
        startSuburb: 'Glenelg',
        endSuburb: 'Mount Barker',
        timeOfDay: 'day',
        trafficConditions: 'medium',
        roadConditions: 'busy-road',
        weatherConditions: 'rain',
        studentSignature: signaturePng(),
        supervisorName: 'Pat Supervisor',
        supervisorLicenseNumber: 'SA123456',
        remoteSignOff: { supervisorEmail: pat },
      },
    });
    expect(asked.status()).toBe(201);
    expect(((await asked.json()) as Entry).signOff).toMatchObject({ status: 'awaiting', remote: true });
    const summary = async () =>
      (await (await page.request.get(`${stack.url}/api/driving-sessions/${student.id}/summary`)).json()) as {
        totalHours: number;
        awaitingSignature?: { sessionCount: number; hours: number };
      };
    expect(await summary()).toMatchObject({ totalHours: 0, awaitingSignature: { sessionCount: 1, hours: 2.5 } });
    await learner.dispose();

    // Pat, on another phone with no account, opens the link from the local inbox.
    const message = await waitForEmail(stack.inboxUrl!, pat, (m) => /\/sign\//.test(m.text ?? ''));
    const link = /https?:\/\/\S*\/sign\/[A-Za-z0-9_-]+/.exec(message.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(message.text).not.toContain('Sam Learner');
    const supervisor = await openBrowser(PHONE);
    try {
      const phone = supervisor.page;
      await withoutInstallPrompt(phone);
      await phone.goto(`${stack.url}${new URL(link!).pathname}`);
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

    // The parent's log book: signed remotely, counted, printed with the time of signing.
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
