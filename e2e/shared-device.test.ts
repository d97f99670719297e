import type { Page } from 'playwright-core';
import { SIGN_OUT_WAITING, TOASTS } from '@logbook/contracts/messages';
import { journey } from './support/journey';
import { sign } from './support/signing';
import { expectPath, expectToast, uniqueEmail } from './support/expectations';
import { startTestStack, type TestStack } from './support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const PASSWORD = 'correct horse 1';

interface OutboxRow {
  clientId: string;
  account?: string;
  payload: { startSuburb: string; studentId: number };
}

/** A parent account with one student whose subscription is active (simulated billing); signed out again. */
async function parentWithActiveStudent(page: Page): Promise<{ email: string; studentId: number }> {
  const api = page.request;
  const email = uniqueEmail('shared');
  expect((await api.post(`${stack.url}/api/register`, { data: { email, password: PASSWORD } })).status()).toBeLessThan(
    300,
  );
  expect((await api.post(`${stack.url}/api/login`, { data: { email, password: PASSWORD } })).status()).toBe(200);
  const created = await api.post(`${stack.url}/api/students`, {
    data: { firstName: 'Sam', lastName: 'Learner', dateOfBirth: '2008-05-01', licenseNumber: 'L123' },
  });
  expect(created.status()).toBe(201);
  const { id: studentId } = (await created.json()) as { id: number };
  const sub = await api.post(`${stack.url}/api/create-subscription`, { data: { studentId } });
  const { clientSecret } = (await sub.json()) as { clientSecret: string };
  expect(
    (await api.post(`${stack.url}/api/billing/simulate/confirm`, { data: { clientSecret } })).status(),
  ).toBeLessThan(300);
  expect((await api.post(`${stack.url}/api/logout`)).status()).toBeLessThan(300);
  return { email, studentId };
}

async function signIn(page: Page, email: string) {
  if (new URL(page.url()).pathname !== '/login') await page.goto(`${stack.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectPath(page, '/dashboard');
  await page.getByTestId('user-email').filter({ hasText: email }).waitFor();
}

async function fillSignedSession(page: Page, from: string) {
  await page.getByLabel('Start Time', { exact: true }).fill('07:00');
  await page.getByLabel('End Time', { exact: true }).fill('08:30');
  await page.getByLabel('Start Suburb', { exact: true }).fill(from);
  await page.getByLabel('End Suburb', { exact: true }).fill('Adelaide');
  await page.getByLabel('Time of Day', { exact: true }).selectOption('day');
  await page.getByLabel('Traffic Conditions', { exact: true }).selectOption('medium');
  await page.getByLabel('Road Conditions', { exact: true }).selectOption('busy-road');
  await page.getByLabel('Weather', { exact: true }).selectOption('clear');
  await page.getByLabel('Full Name', { exact: true }).fill('Pat Driver');
  await page.getByLabel("Driver's License Number", { exact: true }).fill('SA998877');
  await sign(page, 0);
  await sign(page, 1);
  await expect(page.getByText('Signature captured').count()).resolves.toBe(2);
}

function outboxRows(page: Page): Promise<OutboxRow[]> {
  return page.evaluate(
    () =>
      new Promise<OutboxRow[]>((resolve, reject) => {
        const req = indexedDB.open('learner-logbook');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('outbox')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as OutboxRow[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

async function waitForEmptyOutbox(page: Page, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if ((await outboxRows(page)).length === 0) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`The outbox still holds ${JSON.stringify(await outboxRows(page))}`);
}

/** Every drafts list kept on this device, by storage key. */
function storedDraftLists(page: Page): Promise<Record<string, Array<Record<string, unknown>>>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((key) => key.startsWith('draftSessions'))
        .map((key) => [key, JSON.parse(localStorage.getItem(key) ?? '[]')]),
    ),
  );
}

journey(
  "a shared device: another parent never sees or sends the first parent's unsent session and draft, which come back to them",
  async ({ page, context }) => {
    const ann = await parentWithActiveStudent(page);
    const ben = await parentWithActiveStudent(page);

    // The connection drops on every send until the journey lets sessions through; posts are counted per student.
    let sendsBlocked = true;
    const posted: number[] = [];
    await context.route('**/api/driving-sessions', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (sendsBlocked) return route.abort('internetdisconnected');
      posted.push((route.request().postDataJSON() as { studentId: number }).studentId);
      return route.continue();
    });

    // Ann logs a signed session that cannot be sent, and saves another as a draft.
    await page.goto(`${stack.url}/login`);
    await signIn(page, ann.email);
    await page.goto(`${stack.url}/students/${ann.studentId}/new-session`);
    await page.getByTestId('student-name').waitFor();
    await fillSignedSession(page, 'Outbox Road');
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectToast(page, TOASTS.sessionQueuedTitle);
    await expectPath(page, '/dashboard');

    await page.goto(`${stack.url}/students/${ann.studentId}/new-session`);
    await page.getByTestId('student-name').waitFor();
    await fillSignedSession(page, 'Draft Lane');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expectToast(page, 'Draft Saved');

    await page.goto(`${stack.url}/dashboard`);
    await page.getByTestId('draft-session').filter({ hasText: 'Draft Lane' }).waitFor();
    const [queued] = await outboxRows(page);
    expect(queued.payload.startSuburb).toBe('Outbox Road');
    const annAccount = queued.account!;
    expect(annAccount).toMatch(/^parent-\d+$/);

    // Logout: told how many wait; sending now still fails; Ann signs out anyway.
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: SIGN_OUT_WAITING.title });
    await dialog.waitFor();
    await dialog.getByText(SIGN_OUT_WAITING.description(1), { exact: true }).waitFor();
    expect(SIGN_OUT_WAITING.description(1)).toMatch(/^1 session has not been sent yet/);
    // The dialog keeps the keyboard focus on its own buttons.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await dialog.getByRole('button', { name: SIGN_OUT_WAITING.sendNow }).click();
    await dialog.getByText(SIGN_OUT_WAITING.stillWaiting, { exact: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await dialog.getByRole('button', { name: SIGN_OUT_WAITING.signOut }).click();
    await expectPath(page, '/login');

    // Nothing was dropped: the session and the signed draft stay on the device under Ann's account.
    expect(await outboxRows(page)).toEqual([
      expect.objectContaining({ clientId: queued.clientId, account: annAccount }),
    ]);
    const afterSignOut = await storedDraftLists(page);
    expect(Object.keys(afterSignOut)).toEqual([`draftSessions:${annAccount}`]);
    expect(afterSignOut[`draftSessions:${annAccount}`][0]).toMatchObject({
      startSuburb: 'Draft Lane',
      supervisorLicenseNumber: 'SA998877',
      studentSignature: expect.stringMatching(/^data:image\/png/),
      supervisorSignature: expect.stringMatching(/^data:image\/png/),
    });

    // Ben signs in on the same browser, online with sends allowed: none of Ann's drafts, nothing of Ann's sent.
    sendsBlocked = false;
    await signIn(page, ben.email);
    await page.getByTestId('student-overview').first().waitFor();
    await context.setOffline(true);
    await context.setOffline(false);
    await page.goto(`${stack.url}/students/${ben.studentId}/new-session`);
    await page.getByTestId('student-name').waitFor();
    await page.goto(`${stack.url}/dashboard`);
    await page.getByTestId('student-overview').first().waitFor();
    await page.waitForTimeout(6_000);
    expect(await page.getByTestId('draft-session').count()).toBe(0);
    expect(await page.getByText('Draft Lane').count()).toBe(0);
    expect(posted).toEqual([]);
    expect(await outboxRows(page)).toEqual([
      expect.objectContaining({ clientId: queued.clientId, account: annAccount }),
    ]);
    // With nothing of his own waiting, Ben signs out at once.
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await expectPath(page, '/login');

    // Ann signs in again: her session is sent, once, and her draft is back.
    await signIn(page, ann.email);
    await page.getByTestId('draft-session').filter({ hasText: 'Draft Lane' }).waitFor();
    await waitForEmptyOutbox(page);
    expect(posted).toEqual([ann.studentId]);
    const sessions = (await (
      await page.request.get(`${stack.url}/api/driving-sessions/${ann.studentId}`)
    ).json()) as Array<{ clientId: string; startSuburb: string }>;
    expect(sessions).toEqual([expect.objectContaining({ clientId: queued.clientId, startSuburb: 'Outbox Road' })]);
    expect(await page.getByTestId('draft-session').count()).toBe(1);
  },
  { serviceWorkers: 'block' },
);
