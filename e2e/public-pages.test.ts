import { NOT_FOUND_TITLE, VALIDATION } from '@logbook/contracts/messages';
import { COPYRIGHT_LINE, PRIVATE_SERVICE_STATEMENT } from '@logbook/contracts/constants';
import { expectHeading, expectPath, expectRemoteScreen, expectText, fieldError } from './support/expectations';
import { journey } from './support/journey';
import { startTestStack, type TestStack } from './support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('landing page', () => {
  const buttons: Array<[string, string, string | null]> = [
    ['Get Started Free', '/register', 'Create your account'],
    ['Start Free Trial', '/register', 'Create your account'],
    ['Parent Login', '/login', 'Sign in'],
    // Student sign-in is mf-student's screen.
    ['Student Login', '/student-login', null],
  ];
  for (const [name, target, heading] of buttons) {
    journey(`landing: ${name} reaches ${target}`, async ({ page }) => {
      await page.goto(`${stack.url}/`);
      await page.getByRole('link', { name, exact: true }).click();
      await expectPath(page, target);
      if (heading) await expectHeading(page, heading);
      else await expectRemoteScreen(page);
    });
  }

  journey('landing: the page lists the claims, the price and the footer; the logo goes home', async ({ page }) => {
    await page.goto(`${stack.url}/`);
    await expectText(page, 'Already have a student account?');
    await expectText(page, '$0.99');
    await expectText(page, 'per month per student');
    await expectText(page, 'A$0.99 a month incl. GST');
    await expectText(page, 'Billed monthly · Cancel anytime');
    await expectText(page, COPYRIGHT_LINE);
    await expectText(page, PRIVATE_SERVICE_STATEMENT);
    expect(await page.locator('.ll-card').count()).toBe(3);
    // The trial length is deliberately not on the pricing card.
    expect(await page.getByText(/30-day/i).count()).toBe(0);
    await page.goto(`${stack.url}/register`);
    await page.getByRole('link', { name: 'Learner Logbook home' }).click();
    await expectPath(page, '/');
  });

  journey(
    'landing: fits a 360 px phone without sideways scrolling',
    async ({ page }) => {
      await page.goto(`${stack.url}/`);
      await expectText(page, 'Already have a student account?');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    },
    { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
  );
});

journey('an unknown path shows the 404 page', async ({ page }) => {
  const res = await page.goto(`${stack.url}/no/such/page`);
  expect(res?.status()).toBeLessThan(500);
  await expectHeading(page, NOT_FOUND_TITLE);
  await page.getByRole('link', { name: 'Go to home page' }).click();
  await expectPath(page, '/');
});

describe('sign-in validation', () => {
  journey('an invalid email and an empty password are each named at their field', async ({ page }) => {
    await page.goto(`${stack.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectText(page, VALIDATION.invalidEmail);
    expect(await fieldError(page, 'Email')).toBe(VALIDATION.invalidEmail);
    expect(await fieldError(page, 'Password')).toBe(VALIDATION.passwordRequired);

    // Correcting a field clears its message straight away.
    await page.getByLabel('Email', { exact: true }).fill('parent@example.com');
    expect(await fieldError(page, 'Email')).toBe('');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    expect(await fieldError(page, 'Password')).toBe('');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  journey('the Sign up link goes to registration', async ({ page }) => {
    await page.goto(`${stack.url}/login`);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expectPath(page, '/register');
  });
});

describe('registration validation', () => {
  journey('email, short password, missing confirmation and mismatch each show their message', async ({ page }) => {
    await page.goto(`${stack.url}/register`);
    const submit = page.getByRole('button', { name: 'Create account', exact: true });

    await page.getByLabel('Email', { exact: true }).fill('nobody@');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await submit.click();
    await expectText(page, VALIDATION.invalidEmail);
    expect(await fieldError(page, 'Email')).toBe(VALIDATION.invalidEmail);
    expect(await fieldError(page, 'Password')).toBe(VALIDATION.passwordMin);
    expect(await fieldError(page, 'Confirm Password')).toBe(VALIDATION.confirmPassword);

    await page.getByLabel('Email', { exact: true }).fill('new.parent@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('Confirm Password', { exact: true }).fill('secret13');
    expect(await fieldError(page, 'Email')).toBe('');
    expect(await fieldError(page, 'Password')).toBe('');
    expect(await fieldError(page, 'Confirm Password')).toBe(VALIDATION.passwordsDontMatch);
    await submit.click();
    expect(await fieldError(page, 'Confirm Password')).toBe(VALIDATION.passwordsDontMatch);
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  journey('the Sign in link goes to sign-in', async ({ page }) => {
    await page.goto(`${stack.url}/register`);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expectPath(page, '/login');
  });
});
