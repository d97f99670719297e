import fs from 'node:fs';
import path from 'node:path';
import { request, type APIRequestContext, type Locator, type Page } from 'playwright-core';
import { DELETE_LOGIN_CONFIRMATION, TOASTS, VALIDATION } from '@logbook/contracts/messages';
import { openBrowser } from './support/chromium';
import { expectHeading, expectPath, expectText, expectToast, uniqueEmail } from './support/expectations';
import { ARTIFACTS_DIR, journey } from './support/journey';
import { startTestStack, type TestStack } from './support/stack';
import { decodeQr, signaturePng } from './support/images';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const PASSWORD = 'correct horse 1';

interface StudentRecord {
  id: number;
  firstName: string;
  subscriptionStatus: string;
  hasStudentLogin: boolean;
  studentUsername: string | null;
}

async function logDaySession(
  api: APIRequestContext,
  studentId: number,
  startTime: string,
  endTime: string,
  duration: string,
) {
  const res = await api.post(`${stack.url}/api/driving-sessions`, {
    data: {
      studentId,
      date: '2026-02-10',
      startTime,
      endTime,
      duration,
      startSuburb: 'Norwood',
      endSuburb: 'Glenelg',
      timeOfDay: 'day',
      trafficConditions: 'light',
      roadConditions: 'sealed',
      studentSignature: signaturePng(),
      supervisorName: 'Pat Driver',
      supervisorLicenseNumber: 'SA998877',
      supervisorSignature: signaturePng(),
    },
  });
  expect(res.status()).toBe(201);
}

async function studentOnServer(api: APIRequestContext, id: number): Promise<StudentRecord> {
  const res = await api.get(`${stack.url}/api/students/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as StudentRecord;
}

/** The dashboard block (card and panels) of the student with this name. */
const studentBlock = (page: Page, name: string): Locator =>
  page.getByTestId('student-overview').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function signUpAndSignIn(page: Page, email: string) {
  await page.goto(`${stack.url}/register`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expectPath(page, '/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectPath(page, '/dashboard');
}

journey(
  'parent: a student from sign-up to an active subscription, a student login with its QR code, new targets and the PDF log; a second parent sees none of it',
  async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    const email = uniqueEmail('parent');
    await signUpAndSignIn(page, email);

    // An empty dashboard with the header.
    await expectText(page, 'No students yet');
    await expectText(page, 'Learner Logbook');
    expect(await page.getByTestId('user-email').textContent()).toBe(email);

    // Add a student, after the form has named every missing field.
    await page.getByRole('link', { name: 'Add First Student' }).click();
    await expectPath(page, '/students/new');
    await page.getByRole('button', { name: 'Create Student' }).click();
    await expectText(page, VALIDATION.firstNameRequired);
    await expectText(page, VALIDATION.lastNameRequired);
    await expectText(page, VALIDATION.dateOfBirthRequired);
    await page.getByLabel('First Name').fill('Sam');
    await page.getByLabel('Last Name').fill('Learner');
    await page.getByLabel('Date of Birth').fill('2008-05-01');
    await page.getByLabel('License Number (Optional)').fill('L123456');
    await page.getByRole('button', { name: 'Create Student' }).click();
    await expectToast(page, TOASTS.studentCreated);
    await expectPath(page, '/dashboard');

    const sam = studentBlock(page, 'Sam Learner');
    await sam.waitFor();
    expect(await sam.getByTestId('subscription-badge').textContent()).toContain('Inactive');
    await sam.getByText('1 May 2008').waitFor();
    await sam.getByText('L123456').waitFor();
    await sam.getByTestId('student-login-inactive').waitFor();
    await sam.getByTestId('progress-subscription-required').waitFor();
    const studentId = Number(await sam.getAttribute('data-student-id'));

    // Subscribe with the simulated provider: a declined test card first, then the success card.
    await sam.getByRole('link', { name: 'Subscribe', exact: true }).first().click();
    await expectPath(page, `/students/${studentId}/subscribe`);
    await expectText(page, 'First Month FREE!');
    await expectText(page, 'Unlimited driving session tracking');
    await expectText(page, 'Digital signature capture');
    await expectText(page, 'Progress tracking and reports');
    expect(await page.getByTestId('subscription-status').textContent()).toContain('Inactive');
    await page.getByRole('button', { name: 'Start Free 30-Day Trial' }).click();
    await expectToast(page, TOASTS.subscriptionCreated.title);
    await page.getByTestId('test-mode-notice').waitFor();
    const pay = page.getByRole('button', { name: 'Subscribe for $0.99/month' });
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await pay.click();
    await expectToast(page, TOASTS.paymentFailed, 'Your card was declined.');
    expect((await studentOnServer(page.request, studentId)).subscriptionStatus).not.toBe('active');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();
    await expectToast(page, TOASTS.paymentSuccess);
    await expectPath(page, '/dashboard');
    await sam.getByTestId('subscription-badge').filter({ hasText: 'Active' }).waitFor();
    await sam.getByRole('link', { name: 'Manage', exact: true }).waitFor();

    // The subscribe screen now manages the active subscription.
    await sam.getByRole('link', { name: 'Manage', exact: true }).click();
    await expectText(page, 'Active Subscription');
    await page.getByText(/bills \$0\.99 AUD monthly/).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expectPath(page, '/dashboard');

    // Create a student login; blanks are refused in the dialog first.
    await sam.getByRole('button', { name: 'Create Student Login' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create Student Login' });
    await createDialog.getByRole('button', { name: 'Create Login' }).click();
    await createDialog.getByText(VALIDATION.bothUsernameAndPassword).waitFor();
    const username = `sam${Date.now().toString(36)}`;
    await createDialog.getByLabel('Username').fill(username);
    await createDialog.getByLabel('Password', { exact: true }).fill('learner-pass-1');
    await createDialog.getByRole('button', { name: 'Create Login' }).click();
    await expectToast(page, TOASTS.studentLoginCreated);
    expect(await sam.getByTestId('student-username').textContent()).toBe(username);

    // The 64 px QR code on the card and the 256 px one in the dialog both lead to the absolute /student-login URL.
    const loginUrl = `${stack.url}/student-login`;
    const qr = sam.getByTestId('student-login-qr');
    await qr.waitFor();
    const box = await qr.boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([64, 64]);
    expect(decodeQr(await qr.screenshot())).toBe(loginUrl);
    await sam.getByRole('button', { name: 'Show Large QR Code' }).click();
    const large = page.getByTestId('student-login-qr-large');
    await large.waitFor();
    expect(Math.round((await large.boundingBox())!.width)).toBe(256);
    expect(decodeQr(await large.screenshot())).toBe(loginUrl);
    await page.keyboard.press('Escape');
    await large.waitFor({ state: 'detached' });

    await sam.getByRole('button', { name: 'Copy URL' }).click();
    await expectToast(page, TOASTS.urlCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(loginUrl);

    // Update the login: the new credentials sign the student in.
    await sam.getByRole('button', { name: 'Update Login' }).click();
    const updateDialog = page.getByRole('dialog', { name: 'Update Login' });
    expect(await updateDialog.getByLabel('Username').inputValue()).toBe(username);
    await updateDialog.getByLabel('Username').fill(`${username}x`);
    await updateDialog.getByLabel('Password', { exact: true }).fill('learner-pass-2');
    await updateDialog.getByRole('button', { name: 'Update Login' }).click();
    await expectToast(page, TOASTS.studentLoginUpdated);
    await sam
      .getByTestId('student-username')
      .filter({ hasText: `${username}x` })
      .waitFor();
    const studentApi = await request.newContext();
    try {
      const signIn = await studentApi.post(`${stack.url}/api/student-login`, {
        data: { studentUsername: `${username}x`, studentPassword: 'learner-pass-2' },
      });
      expect(signIn.status()).toBe(200);
    } finally {
      await studentApi.dispose();
    }

    // Delete the login, only after confirming in the dialog.
    await sam.getByRole('button', { name: 'Delete Login' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Login' });
    await confirm.getByText(DELETE_LOGIN_CONFIRMATION, { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Delete Login' }).click();
    await expectToast(page, TOASTS.studentLoginDeleted);
    await sam.getByRole('button', { name: 'Create Student Login' }).waitFor();
    expect((await studentOnServer(page.request, studentId)).hasStudentLogin).toBe(false);

    // Progress follows the family's targets: 2.5 day hours against 75/25, then against 50/10.
    await logDaySession(page.request, studentId, '09:00', '10:30', '1.5 hours');
    await logDaySession(page.request, studentId, '14:00', '15:00', '1.0 hours');
    await page.reload();
    await sam.getByTestId('progress-total').getByText('2.5 / 75.0 hours').waitFor();
    await sam.getByTestId('progress-day').getByText('2.5 / 60.0 hours').waitFor();
    await sam.getByTestId('progress-night').getByText('0.0 / 15.0 hours').waitFor();
    expect(await sam.getByTestId('progress-badge').textContent()).toBe('Getting Started');

    await page.getByRole('link', { name: 'Settings' }).click();
    await expectPath(page, '/admin-settings');
    await expectHeading(page, 'Administrator Settings');
    expect(await page.getByTestId('requirement-total').textContent()).toBe('75');
    await page.getByLabel('Daytime Target Hours').fill('250');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, VALIDATION.targetHoursRange);
    await page.getByLabel('Daytime Target Hours').fill('50');
    await page.getByLabel('Nighttime Target Hours').fill('10');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, TOASTS.settingsUpdated);
    await page.getByTestId('requirement-total').filter({ hasText: '60' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expectPath(page, '/dashboard');
    await sam.getByTestId('progress-total').getByText('2.5 / 60.0 hours').waitFor();
    await sam.getByTestId('progress-day').getByText('2.5 / 50.0 hours').waitFor();
    await sam.getByTestId('progress-night').getByText('0.0 / 10.0 hours').waitFor();
    expect(await sam.getByTestId('progress-remaining').textContent()).toBe(
      '57.5 hours remaining (47.5 day, 10.0 night)',
    );
    // The same numbers the student's own screens read.
    const summary = (await (
      await page.request.get(`${stack.url}/api/driving-sessions/${studentId}/summary`)
    ).json()) as {
      targets: { total: number };
      totalHours: number;
    };
    expect(summary).toMatchObject({ targets: { total: 60 }, totalHours: 2.5 });

    // Download PDF Log opens the PDF in a new tab.
    const pdfResponse = context.waitForEvent('response', (r) =>
      r.url().endsWith(`/api/driving-sessions/${studentId}/pdf`),
    );
    const newTab = context.waitForEvent('page');
    await sam.getByRole('button', { name: 'Download PDF Log' }).click();
    const tab = await newTab;
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect(tab.url()).toBe(`${stack.url}/api/driving-sessions/${studentId}/pdf`);
    await tab.close();

    // A second parent in another browser sees none of the first parent's students.
    const other = await openBrowser();
    try {
      await signUpAndSignIn(other.page, uniqueEmail('other-parent'));
      await expectText(other.page, 'No students yet');
      expect(await other.page.getByText('Sam Learner').count()).toBe(0);
      const list = await other.context.request.get(`${stack.url}/api/students`);
      expect(await list.json()).toEqual([]);
      expect((await other.context.request.get(`${stack.url}/api/students/${studentId}`)).status()).toBe(404);
      await other.page.goto(`${stack.url}/students/${studentId}/subscribe`);
      await expectText(other.page, 'Student not found');
    } finally {
      await other.close();
    }

    // Logout clears the session and the cached data; the dashboard then sends the visitor to /login.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/login');
    await page.goto(`${stack.url}/dashboard`);
    await expectPath(page, '/login');
  },
);

journey(
  'parent: the dashboard with an active student who has a login and an inactive one, at 360 px and 1280 px',
  async ({ page }) => {
    const api = page.request;
    const email = uniqueEmail('screens');
    expect(
      (await api.post(`${stack.url}/api/register`, { data: { email, password: PASSWORD } })).status(),
    ).toBeLessThan(300);
    expect((await api.post(`${stack.url}/api/login`, { data: { email, password: PASSWORD } })).status()).toBe(200);
    const make = async (firstName: string, lastName: string, dateOfBirth: string, licenseNumber: string) => {
      const res = await api.post(`${stack.url}/api/students`, {
        data: { firstName, lastName, dateOfBirth, licenseNumber },
      });
      expect(res.status()).toBe(201);
      return (await res.json()) as StudentRecord;
    };
    const active = await make('Charlotte', 'Nguyen', '2008-09-14', 'SA4471920');
    await make('Oliver', 'Smith', '2009-02-03', '');
    const sub = await api.post(`${stack.url}/api/create-subscription`, { data: { studentId: active.id } });
    const { clientSecret } = (await sub.json()) as { clientSecret: string };
    expect(
      (await api.post(`${stack.url}/api/billing/simulate/confirm`, { data: { clientSecret } })).status(),
    ).toBeLessThan(300);
    expect((await studentOnServer(api, active.id)).subscriptionStatus).toBe('active');
    const login = await api.post(`${stack.url}/api/students/${active.id}/create-login`, {
      data: { studentUsername: `charlotte${Date.now().toString(36)}`, studentPassword: 'learner-pass-1' },
    });
    expect(login.status()).toBeLessThan(300);
    await logDaySession(api, active.id, '09:00', '11:30', '2.5 hours');

    await page.goto(`${stack.url}/dashboard`);
    // One draft saved on this device, as the session form keeps them.
    await page.evaluate((studentId) => {
      localStorage.setItem(
        'draftSessions',
        JSON.stringify([
          {
            id: 'draft-1763700000000-k3j9x2m1q',
            studentId,
            studentName: 'Charlotte Nguyen',
            sessionDate: '2026-11-20',
            startTime: '18:40',
            endTime: '19:55',
            startLocation: 'Norwood',
            endLocation: 'Glenelg',
            weatherConditions: '',
            trafficConditions: 'medium',
            roadConditions: 'sealed',
            lightConditions: 'night',
            supervisorName: 'Pat Nguyen',
            supervisorLicense: 'SA998877',
            lastSaved: '2026-11-20T09:30:00.000Z',
          },
        ]),
      );
    }, active.id);
    await page.reload();

    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      const charlotte = studentBlock(page, 'Charlotte Nguyen');
      await charlotte.getByTestId('student-login-qr').waitFor();
      await charlotte.getByTestId('progress-total').getByText('2.5 / 75.0 hours').waitFor();
      await charlotte.getByTestId('draft-session').getByText('18:40 – 19:55 (1h 15m)').waitFor();
      await studentBlock(page, 'Oliver Smith').getByTestId('progress-subscription-required').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, `parent-dashboard-${width}.png`), fullPage: true });
    }
  },
);
