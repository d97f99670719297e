import type { APIRequestContext, Page } from 'playwright-core';
import { ACCOUNT_MESSAGES, PASSWORD_RESET, TOASTS } from '@logbook/contracts/messages';
import { expectAccessible } from './support/accessibility';
import {
  expectHeading,
  expectPath,
  expectRemoteScreen,
  expectToast,
  fieldError,
  uniqueEmail,
} from './support/expectations';
import { signaturePng } from './support/images';
import { waitForEmail } from './support/inbox';
import { journey } from './support/journey';
import { startTestStack, type TestStack } from './support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const PHONE = { viewport: { width: 360, height: 780 } };
const PASSWORD = 'learner-plates-7';

const send = (api: APIRequestContext, method: 'post' | 'delete', url: string, data?: unknown) =>
  api[method](`${stack.url}${url}`, { data, headers: { Origin: stack.url } });

/** A registered parent (not signed in). */
async function registeredParent(api: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  expect((await send(api, 'post', '/api/register', { email, password: PASSWORD })).status()).toBeLessThan(300);
  return email;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${stack.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The shell's install suggestion floats over the bottom of a phone's screen; it is not what these journeys test. */
async function dismissInstallPrompt(page: Page) {
  const dismiss = page.getByTestId('install-prompt').getByRole('button', { name: 'Dismiss' });
  if (await dismiss.isVisible()) await dismiss.click();
}

/** Nothing scrolls sideways on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** A student with an active subscription (simulated provider) and one signed session. */
async function studentWithASession(api: APIRequestContext) {
  const created = await send(api, 'post', '/api/students', {
    firstName: 'Mia',
    lastName: 'Rossi',
    dateOfBirth: '2008-07-19',
    licenseNumber: '',
  });
  expect(created.status()).toBe(201);
  const student = (await created.json()) as { id: number };
  const sub = await send(api, 'post', '/api/create-subscription', { studentId: student.id });
  const { clientSecret } = (await sub.json()) as { clientSecret: string };
  expect((await send(api, 'post', '/api/billing/simulate/confirm', { clientSecret })).status()).toBeLessThan(300);
  // The student's status follows the payment a moment later: wait for it, as the screens would show it.
  const deadline = Date.now() + 15_000;
  let status = '';
  while (status !== 'active' && Date.now() < deadline) {
    const res = await api.get(`${stack.url}/api/students/${student.id}`);
    status = ((await res.json()) as { subscriptionStatus: string }).subscriptionStatus;
    if (status !== 'active') await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(status).toBe('active');
  const session = await send(api, 'post', '/api/driving-sessions', {
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
  });
  expect(session.status()).toBe(201);
  return student.id;
}

journey(
  'forgot password → the email in the local inbox → a new password → signed in; the link then works no more',
  async ({ page }) => {
    const email = await registeredParent(page.request, 'forgot');
    const newPassword = 'a-brand-new-one-9';

    await page.goto(`${stack.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
    await expectPath(page, '/forgot-password');
    await expectHeading(page, 'Forgot your password?');
    await dismissInstallPrompt(page);
    await expectAccessible(page);

    await page.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Send reset link', exact: true }).click();
    await page.getByTestId('reset-requested').getByText(PASSWORD_RESET.requestedTitle).waitFor();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    expect(stack.inboxUrl).toBeDefined();
    const message = await waitForEmail(stack.inboxUrl!, email, (m) => /reset-password#token=/.test(m.text ?? ''));
    // The token is in the fragment, which the browser never sends to a server (no access log keeps it).
    const link = /https?:\/\/\S*\/reset-password#token=[^\s>"]+/.exec(message.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(message.text).not.toContain('?token=');
    // The link names the product's public address; the journey opens the same path on this stack.
    const { pathname, hash } = new URL(link!);
    const resetAddress = `${stack.url}${pathname}${hash}`;

    await page.goto(resetAddress);
    await expectHeading(page, 'Choose a new password');
    // The page keeps the token and takes it out of the address bar and the history.
    await page.waitForURL((url) => url.pathname === '/reset-password' && url.hash === '' && url.search === '');
    await dismissInstallPrompt(page);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill('not-the-same');
    await page.getByRole('button', { name: 'Set new password', exact: true }).click();
    expect(await fieldError(page, 'Confirm new password')).toBe("Passwords don't match");
    await expectAccessible(page);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password', exact: true }).click();
    await expectToast(page, PASSWORD_RESET.passwordSet.title, PASSWORD_RESET.passwordSet.description);
    await expectPath(page, '/login');

    await signIn(page, email, PASSWORD);
    await expectToast(page, TOASTS.loginFailed);
    expect(new URL(page.url()).pathname).toBe('/login');
    await signIn(page, email, newPassword);
    await expectPath(page, '/dashboard');
    await expectHeading(page, 'Your Students');

    // Used once, the link reads as no longer working and leads back to asking again.
    await page.goto(resetAddress);
    await page.getByLabel('New password', { exact: true }).fill('yet-another-one-3');
    await page.getByLabel('Confirm new password', { exact: true }).fill('yet-another-one-3');
    await page.getByRole('button', { name: 'Set new password', exact: true }).click();
    const problem = page.getByTestId('reset-link-problem');
    await problem.getByText(PASSWORD_RESET.linkProblemTitle).waitFor();
    await expectAccessible(page);
    await problem.getByRole('link', { name: PASSWORD_RESET.askAgain }).click();
    await expectPath(page, '/forgot-password');
  },
  PHONE,
);

journey(
  'the account page from the dashboard header: the account is deleted with its password and the old password is refused',
  async ({ page }) => {
    const email = await registeredParent(page.request, 'leaving');
    await signIn(page, email, PASSWORD);
    await expectPath(page, '/dashboard');
    await studentWithASession(page.request);

    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await expectPath(page, '/account');
    await expectRemoteScreen(page);
    await expectHeading(page, 'Account');
    const deletion = page.getByTestId('delete-account');
    await deletion.getByText('Mia Rossi').waitFor();
    // The list the dashboard cached may predate Mia's subscription; the screen fetches the students again on opening.
    await deletion
      .getByTestId('deletion-list')
      .getByText("Mia's subscription stops at once with the payment provider", { exact: false })
      .waitFor();
    await dismissInstallPrompt(page);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByLabel('Your password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.waitForFunction(() => document.querySelector('dialog [role="alert"]')?.textContent?.length, undefined, {
      timeout: 15_000,
    });
    expect(await fieldError(page, 'Your password')).not.toBe('');
    expect(new URL(page.url()).pathname).toBe('/account');

    await dialog.getByLabel('Your password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await expectToast(page, ACCOUNT_MESSAGES.accountDeleted.title, ACCOUNT_MESSAGES.accountDeleted.description);
    await expectPath(page, '/login');
    // The family is told by email too.
    await waitForEmail(stack.inboxUrl!, email, (m) => /deleted/i.test(m.subject));

    await signIn(page, email, PASSWORD);
    await expectToast(page, TOASTS.loginFailed);
    expect(new URL(page.url()).pathname).toBe('/login');
  },
  PHONE,
);

journey(
  'a student is removed from the Edit Student screen after a confirmation naming them and their sessions',
  async ({ page }) => {
    const email = await registeredParent(page.request, 'remove');
    await signIn(page, email, PASSWORD);
    await expectPath(page, '/dashboard');
    const studentId = await studentWithASession(page.request);

    await page.goto(`${stack.url}/students/${studentId}`);
    await expectHeading(page, 'Edit Student');
    await dismissInstallPrompt(page);
    await page.getByRole('button', { name: 'Remove student', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Mia Rossi?' });
    await dialog.waitFor();
    await dialog.getByText("Mia Rossi and Mia's 1 driving session with every signature", { exact: false }).waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // The PDF is offered first, and it is the student's log book.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: "Download Mia's PDF log book" }).click(),
    ]);
    expect(download.url()).toBe(`${stack.url}/api/driving-sessions/${studentId}/pdf`);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    await dialog.getByRole('button', { name: 'Remove Mia', exact: true }).click();
    await expectToast(page, ACCOUNT_MESSAGES.studentRemoved('Mia Rossi'));
    await expectPath(page, '/dashboard');
    await page.getByText('No students yet', { exact: true }).waitFor();
    expect((await page.request.get(`${stack.url}/api/students/${studentId}`)).status()).toBe(404);
  },
  PHONE,
);
