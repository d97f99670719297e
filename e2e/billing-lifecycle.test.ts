import type { Page } from 'playwright-core';
import { PAYMENT_TEXT, TRIAL_TEXT } from '@logbook/contracts/billing';
import { TOASTS } from '@logbook/contracts/messages';
import { expectPath, expectText, expectToast, uniqueEmail } from './support/expectations';
import { journey } from './support/journey';
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

async function signUpWithStudent(page: Page): Promise<number> {
  const email = uniqueEmail('billing');
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
  await page.getByRole('link', { name: 'Add First Student' }).click();
  await page.getByLabel('First Name').fill('Robin');
  await page.getByLabel('Last Name').fill('Learner');
  await page.getByLabel('Date of Birth').fill('2008-07-01');
  await page.getByRole('button', { name: 'Create Student' }).click();
  await expectPath(page, '/dashboard');
  const block = page.getByTestId('student-overview').first();
  await block.waitFor();
  return Number(await block.getAttribute('data-student-id'));
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

const statusOf = async (page: Page, studentId: number) =>
  (await (await page.request.get(`${stack.url}/api/subscription/${studentId}`)).json()) as {
    status: string;
    nextStep: string | null;
    cancelAtPeriodEnd: boolean;
  };

/** An hour's drive on 10 Feb from `hour` o'clock: each of a learner's drives its own hour, as no two may overlap. */
async function logSession(page: Page, studentId: number, hour: number) {
  const at = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return page.request.post(`${stack.url}/api/driving-sessions`, {
    data: {
      studentId,
      date: '2026-02-10',
      startTime: at(hour),
      endTime: at(hour + 1),
      duration: '1.0 hours',
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
}

journey('billing: a trial started without a card is canceled from the subscribe screen', async ({ page }) => {
  const studentId = await signUpWithStudent(page);
  await page.goto(`${stack.url}/students/${studentId}/subscribe`);
  await page.getByRole('button', { name: 'Start Free 30-Day Trial' }).click();
  await expectToast(page, TOASTS.subscriptionCreated.title);
  // The parent leaves without saving a card, then comes back.
  await page.goto(`${stack.url}/dashboard`);
  await page.goto(`${stack.url}/students/${studentId}/subscribe`);
  const waiting = page.getByTestId('waiting-card');
  await waiting.getByText(TRIAL_TEXT.waiting).waitFor();
  await waiting.getByRole('button', { name: PAYMENT_TEXT.cancel }).click();
  await page.getByRole('dialog').getByRole('button', { name: PAYMENT_TEXT.cancel }).click();
  await expectToast(page, TOASTS.subscriptionCanceled);
  expect((await statusOf(page, studentId)).status).toBe('canceled');
});

journey(
  'billing: a trial with a card, a renewal that fails, another card pays it; logging never stops meanwhile',
  async ({ page }) => {
    const studentId = await signUpWithStudent(page);
    await page.goto(`${stack.url}/students/${studentId}/subscribe`);
    await page.getByRole('button', { name: 'Start Free 30-Day Trial' }).click();
    await expectToast(page, TOASTS.subscriptionCreated.title);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Subscribe for $0.99/month' }).click();
    await expectToast(page, TOASTS.paymentSuccess);
    await expectPath(page, '/dashboard');
    expect((await logSession(page, studentId, 9)).status()).toBe(201);

    // The renewal is declined: Stripe retries for days, and the family keeps logging meanwhile.
    const failed = await page.request.post(`${stack.url}/api/billing/simulate/renewal-failure`, {
      data: { studentId },
    });
    expect(failed.status()).toBe(200);
    expect(await statusOf(page, studentId)).toEqual(
      expect.objectContaining({ status: 'active', nextStep: 'payment_needed' }),
    );
    expect((await logSession(page, studentId, 10)).status()).toBe(201);

    // Another card pays the open invoice from the subscribe screen.
    await page.goto(`${stack.url}/students/${studentId}/subscribe`);
    await expectText(page, PAYMENT_TEXT.needed);
    await page.getByRole('button', { name: PAYMENT_TEXT.neededButton }).click();
    await fillCard(page, '5555 5555 5555 4444');
    await page.getByRole('button', { name: PAYMENT_TEXT.payLabel }).click();
    await expectToast(page, TOASTS.paymentSuccess);
    expect(await statusOf(page, studentId)).toEqual(expect.objectContaining({ status: 'active', nextStep: null }));
    expect((await logSession(page, studentId, 11)).status()).toBe(201);
  },
);

journey(
  'billing: the card changed before it fails; a cancel ends with the period, logging goes on, and Resume keeps it',
  async ({ page }) => {
    const studentId = await signUpWithStudent(page);
    await page.goto(`${stack.url}/students/${studentId}/subscribe`);
    await page.getByRole('button', { name: 'Start Free 30-Day Trial' }).click();
    await expectToast(page, TOASTS.subscriptionCreated.title);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Subscribe for $0.99/month' }).click();
    await expectToast(page, TOASTS.paymentSuccess);
    await expectPath(page, '/dashboard');

    // A new card, before the saved one fails.
    await page.goto(`${stack.url}/students/${studentId}/subscribe`);
    await page.getByRole('button', { name: PAYMENT_TEXT.changeCard }).click();
    await expectText(page, PAYMENT_TEXT.changeCardNote);
    await fillCard(page, '5555 5555 5555 4444');
    await page.getByRole('button', { name: PAYMENT_TEXT.changeCardLabel }).click();
    await expectToast(page, PAYMENT_TEXT.cardChangedTitle);
    await expectText(page, 'Active Subscription');

    // The parent cancels: it ends with the free month, and logging goes on until then.
    await page.getByRole('button', { name: PAYMENT_TEXT.cancel }).click();
    await page.getByRole('dialog').getByRole('button', { name: PAYMENT_TEXT.cancel }).click();
    await expectToast(page, PAYMENT_TEXT.endingTitle);
    await page.getByTestId('ends-on').waitFor();
    expect(await statusOf(page, studentId)).toEqual(
      expect.objectContaining({ status: 'active', cancelAtPeriodEnd: true }),
    );
    expect((await logSession(page, studentId, 9)).status()).toBe(201);

    await page.getByRole('button', { name: PAYMENT_TEXT.resume }).click();
    await expectToast(page, PAYMENT_TEXT.resumedTitle);
    await page.getByRole('button', { name: PAYMENT_TEXT.cancel }).waitFor();
    expect(await statusOf(page, studentId)).toEqual(
      expect.objectContaining({ status: 'active', cancelAtPeriodEnd: false }),
    );
  },
);
