import { TOASTS } from '@logbook/contracts/messages';
import { expectHeading, expectPath, expectToast, uniqueEmail } from './support/expectations';
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

journey(
  "register → sign in → /dashboard shows mf-parent's screen in the shell; a signed-in visitor on / lands on /dashboard",
  async ({ page }) => {
    const email = uniqueEmail();
    const password = 'learner-plates-7';

    await page.goto(`${stack.url}/`);
    await page.getByRole('link', { name: 'Get Started Free', exact: true }).click();
    await expectPath(page, '/register');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await expectToast(page, TOASTS.registrationSuccess.title, TOASTS.registrationSuccess.description);
    await expectPath(page, '/login');

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectToast(page, TOASTS.loginSuccess.title, TOASTS.loginSuccess.description);
    await expectPath(page, '/dashboard');
    // The dashboard is mf-parent's exposed screen, rendered inside the shell's router.
    await expectHeading(page, 'Your Students');
    await page.getByText(email, { exact: true }).first().waitFor();

    await page.goto(`${stack.url}/`);
    await expectPath(page, '/dashboard');
    await expectHeading(page, 'Your Students');
  },
);

journey('a wrong password shows the server message in a Login failed toast and stays on /login', async ({ page }) => {
  const email = uniqueEmail('wrong');
  const res = await page.request.post(`${stack.url}/api/register`, {
    data: { email, password: 'right-password' },
    headers: { Origin: stack.url },
  });
  expect(res.status()).toBeLessThan(300);

  await page.goto(`${stack.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectToast(page, TOASTS.loginFailed, TOASTS.invalidCredentials);
  expect(new URL(page.url()).pathname).toBe('/login');
});

journey(
  'registering an email that has an account reads like any registration; the owner is emailed and keeps the password',
  async ({ page }) => {
    const email = uniqueEmail('twice');
    const res = await page.request.post(`${stack.url}/api/register`, {
      data: { email, password: 'first-password' },
      headers: { Origin: stack.url },
    });
    expect(res.status()).toBeLessThan(300);

    await page.goto(`${stack.url}/register`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('second-password');
    await page.getByLabel('Confirm Password', { exact: true }).fill('second-password');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await expectToast(page, TOASTS.registrationSuccess.title, TOASTS.registrationSuccess.description);
    await expectPath(page, '/login');

    expect(stack.inboxUrl).toBeDefined();
    const notice = await waitForEmail(stack.inboxUrl!, email, (m) => m.subject.startsWith('Someone tried to register'));
    expect(notice.text).toMatch(/\/login\b/);
    expect(notice.text).toContain('/forgot-password');

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectPath(page, '/dashboard');
  },
);
