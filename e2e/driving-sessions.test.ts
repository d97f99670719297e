import path from 'node:path';
import type { Page } from 'playwright-core';
import { LOCATION_ERRORS, TOASTS } from '@logbook/contracts/messages';
import { ARTIFACTS_DIR, journey } from './support/journey';
import { sign } from './support/signing';
import { waitForCachedRemote, waitForServiceWorker } from './support/offline';
import { expectHeading, expectPath, expectText, expectToast, uniqueEmail } from './support/expectations';
import { startTestStack, type TestStack } from './support/stack';
import { signaturePng } from './support/images';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const GEOCODER = 'https://api.bigdatacloud.net/data/reverse-geocode-client**';

interface Student {
  id: number;
  firstName: string;
  lastName: string;
}

interface ServerSession {
  id: number;
  clientId?: string | null;
  startSuburb: string;
  timeOfDay: string;
  date: string;
}

/** A signed-in parent with one student; the subscription is made active through the simulated billing flow. */
async function parentWithStudent(page: Page, { active = true } = {}): Promise<Student> {
  const api = page.request;
  const email = uniqueEmail('sessions');
  const password = 'correct horse 1';
  expect((await api.post(`${stack.url}/api/register`, { data: { email, password } })).status()).toBeLessThan(300);
  expect((await api.post(`${stack.url}/api/login`, { data: { email, password } })).status()).toBe(200);
  const created = await api.post(`${stack.url}/api/students`, {
    data: { firstName: 'Sam', lastName: 'Learner', dateOfBirth: '2008-05-01', licenseNumber: 'L123' },
  });
  expect(created.status()).toBe(201);
  const student = (await created.json()) as Student;
  if (active) {
    const sub = await api.post(`${stack.url}/api/create-subscription`, { data: { studentId: student.id } });
    expect(sub.status()).toBeLessThan(300);
    const { clientSecret } = (await sub.json()) as { clientSecret: string };
    const confirm = await api.post(`${stack.url}/api/billing/simulate/confirm`, { data: { clientSecret } });
    expect(confirm.status()).toBeLessThan(300);
    const after = (await (await api.get(`${stack.url}/api/students/${student.id}`)).json()) as {
      subscriptionStatus: string;
    };
    expect(after.subscriptionStatus).toBe('active');
  }
  return student;
}

async function serverSessions(page: Page, studentId: number, query = ''): Promise<ServerSession[]> {
  const res = await page.request.get(`${stack.url}/api/driving-sessions/${studentId}${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ServerSession[];
}

interface SessionInput {
  date?: string;
  start: string;
  end: string;
  from: string;
  to: string;
  timeOfDay?: 'day' | 'night';
}

async function fillSession(page: Page, s: SessionInput) {
  if (s.date) await page.getByLabel('Date', { exact: true }).fill(s.date);
  await page.getByLabel('Start Time', { exact: true }).fill(s.start);
  await page.getByLabel('End Time', { exact: true }).fill(s.end);
  await page.getByLabel('Start Suburb', { exact: true }).fill(s.from);
  await page.getByLabel('End Suburb', { exact: true }).fill(s.to);
  await page.getByLabel('Time of Day', { exact: true }).selectOption(s.timeOfDay ?? 'day');
  await page.getByLabel('Traffic Conditions', { exact: true }).selectOption('medium');
  await page.getByLabel('Road Conditions', { exact: true }).selectOption('busy-road');
  await page.getByLabel('Weather', { exact: true }).selectOption('clear');
  await page.getByLabel('Full Name', { exact: true }).fill('Pat Driver');
  await page.getByLabel("Driver's License Number", { exact: true }).fill('SA998877');
}

async function signBoth(page: Page) {
  await sign(page, 0);
  await sign(page, 1);
  await expect(page.getByText('Signature captured').count()).resolves.toBe(2);
}

async function openNewSession(page: Page, studentId: number, query = '') {
  await page.goto(`${stack.url}/students/${studentId}/new-session${query}`);
  await page.getByTestId('student-name').waitFor();
}

/** Everything in the IndexedDB outbox of this page's origin. */
function outboxEntries(page: Page): Promise<Array<{ clientId: string; payload: { startSuburb: string } }>> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
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
            resolve(all.result);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** The drafts list of the account signed in on this device ('draftSessions:parent-12'). */
function storedDrafts(page: Page) {
  return page.evaluate(() => {
    const account = localStorage.getItem('learner-logbook:account');
    return JSON.parse(localStorage.getItem(`draftSessions:${account}`) ?? '[]');
  });
}

async function waitForEmptyOutbox(page: Page, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if ((await outboxEntries(page)).length === 0) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`The outbox still holds ${JSON.stringify(await outboxEntries(page))}`);
}

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS_DIR, name), fullPage: true });

journey(
  'a parent logs a signed session and sees it in the history, the summary and the dashboard',
  async ({ page }) => {
    const student = await parentWithStudent(page);
    await openNewSession(page, student.id);
    await expectHeading(page, 'New Driving Session');
    await expectText(page, 'Step 1 of 3');
    expect(await page.getByTestId('student-name').textContent()).toBe('Sam Learner');
    await expectText(page, 'Learner Logbook');

    await fillSession(page, { start: '23:15', end: '00:45', from: 'Norwood', to: 'Glenelg', timeOfDay: 'night' });
    expect(await page.getByLabel('Duration', { exact: true }).inputValue()).toBe('1.5 hours');
    await page.getByRole('button', { name: 'Submit Session' }).click();
    // Nothing was signed yet: the form says so and keeps everything typed.
    await expectText(page, 'Student signature is required');
    await expectText(page, 'Supervisor signature is required');
    expect(await page.getByLabel('Start Suburb', { exact: true }).inputValue()).toBe('Norwood');

    await signBoth(page);
    expect(await page.getByText('Student signature is required').count()).toBe(0);
    await screenshot(page, 'session-form-1280.png');
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectToast(page, TOASTS.sessionLogged);
    await expectPath(page, '/dashboard');

    const [saved] = await serverSessions(page, student.id);
    expect(saved).toMatchObject({ startSuburb: 'Norwood', timeOfDay: 'night' });
    expect(saved.clientId).toMatch(/^[0-9a-f-]{36}$/);
    const withSignatures = (await (
      await page.request.get(`${stack.url}/api/driving-sessions/${student.id}?include=signatures`)
    ).json()) as Array<{ studentSignature: string }>;
    expect(withSignatures[0].studentSignature).toMatch(/^data:image\/png;base64,/);

    const progress = page.getByTestId('progress-panel').first();
    await progress.getByTestId('progress-night').waitFor();
    expect(await progress.getByTestId('progress-night').textContent()).toContain('1.5');

    await page.goto(`${stack.url}/students/${student.id}/sessions`);
    await expectHeading(page, 'Sam Learner');
    await page.getByTestId('session-item').first().waitFor();
    expect(await page.getByTestId('session-item').count()).toBe(1);
    expect(await page.getByTestId('session-item').first().textContent()).toContain('Norwood → Glenelg');
    expect(await page.getByTestId('summary-sessions').textContent()).toContain('1');
    expect(await page.getByTestId('summary-night-hours').textContent()).toContain('1.5h');
    await page.getByTestId('hours-remaining').waitFor();
    expect(await page.getByTestId('hours-remaining').textContent()).toBe('73.5h');
    expect(await page.getByTestId('summary-hours-remaining').textContent()).toContain('73.5h');
  },
);

journey('Save Draft lists the draft on the dashboard; Edit loads it and Submit removes it', async ({ page }) => {
  const student = await parentWithStudent(page);
  await openNewSession(page, student.id);
  await fillSession(page, { date: '2026-03-07', start: '09:00', end: '10:00', from: 'Unley', to: 'Prospect' });
  await sign(page, 0);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expectToast(page, 'Draft Saved', 'Your session has been saved as a draft.');
  await expectHeading(page, 'Edit Draft Session');
  const stored = await storedDrafts(page);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ studentId: student.id, startSuburb: 'Unley', timeOfDay: 'day' });
  expect(stored[0].studentSignature).toMatch(/^data:image\/png/);

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expectPath(page, '/dashboard');
  const draft = page.getByTestId('draft-session');
  await draft.first().waitFor();
  expect(await draft.count()).toBe(1);
  expect(await draft.first().textContent()).toContain('Unley');

  await draft
    .first()
    .getByRole('link', { name: /Edit draft/ })
    .click();
  await page.waitForURL((url) => url.searchParams.get('loadDraft') === stored[0].id);
  await expectHeading(page, 'Edit Draft Session');
  await expectToast(page, 'Draft Loaded', 'Your saved draft has been loaded for editing.');
  await page.getByText(/^Editing draft saved on /).waitFor();
  expect(await page.getByLabel('Start Suburb', { exact: true }).inputValue()).toBe('Unley');
  // The student's signature came back with the draft; the supervisor signs now.
  expect(await page.getByText('Signature captured').count()).toBe(1);
  await sign(page, 1);
  await page.getByRole('button', { name: 'Submit Session' }).click();
  await expectToast(page, TOASTS.sessionLogged);
  await expectPath(page, '/dashboard');
  await page.getByTestId('progress-panel').first().waitFor();
  expect(await page.getByTestId('draft-session').count()).toBe(0);
  expect(await storedDrafts(page)).toEqual([]);
  expect(
    await page.evaluate(
      (id) =>
        Object.keys(localStorage).filter((key) => key.startsWith(`driving-session-draft-${id}`) && localStorage[key]),
      student.id,
    ),
  ).toEqual([]);
  expect(await serverSessions(page, student.id)).toHaveLength(1);
});

journey(
  'the current-location buttons fill the suburbs from the reverse-geocoding service',
  async ({ page, context }) => {
    const student = await parentWithStudent(page);
    await context.grantPermissions(['geolocation'], { origin: stack.url });
    await context.setGeolocation({ latitude: -34.9206, longitude: 138.6283 });
    const asked: URL[] = [];
    let place: Record<string, string> = { locality: 'Norwood', city: 'Adelaide', countryName: 'Australia' };
    await page.route(GEOCODER, async (route) => {
      asked.push(new URL(route.request().url()));
      await route.fulfill({ json: place, headers: { 'Access-Control-Allow-Origin': '*' } });
    });
    await openNewSession(page, student.id);

    await page.getByRole('button', { name: 'Use current location for Start Suburb' }).click();
    await expectToast(page, 'Location Found', 'Current location: Norwood');
    expect(await page.getByLabel('Start Suburb', { exact: true }).inputValue()).toBe('Norwood');
    expect(Object.fromEntries(asked[0].searchParams)).toEqual({
      latitude: '-34.9206',
      longitude: '138.6283',
      localityLanguage: 'en',
    });

    // The end lookup also fills an empty end time; the answer without a locality or city gives the country.
    expect(await page.getByLabel('End Time', { exact: true }).inputValue()).toBe('');
    place = { locality: '', city: '', countryName: 'Australia' };
    await page.getByRole('button', { name: 'Use current location for End Suburb' }).click();
    await expectToast(page, 'Location Found', 'Current location: Australia');
    expect(await page.getByLabel('End Suburb', { exact: true }).inputValue()).toBe('Australia');
    expect(await page.getByLabel('End Time', { exact: true }).inputValue()).toMatch(/^\d{2}:\d{2}$/);

    // The service failing leaves 'Location unavailable' and says why.
    await page.unroute(GEOCODER);
    await page.route(GEOCODER, (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Use current location for Start Suburb' }).click();
    await expectToast(page, 'Location Error', LOCATION_ERRORS.nameFailed);
    expect(await page.getByLabel('Start Suburb', { exact: true }).inputValue()).toBe('Location unavailable');

    // Permission taken away: the denial text.
    await context.clearPermissions();
    await page.getByRole('button', { name: 'Use current location for End Suburb' }).click();
    await expectToast(page, 'Location Error', LOCATION_ERRORS.denied);
  },
  { serviceWorkers: 'block' },
);

async function completeForm(page: Page, from: string) {
  await fillSession(page, { start: '07:00', end: '08:30', from, to: 'Adelaide' });
  await signBoth(page);
}

journey(
  'a session submitted offline waits in the outbox and reaches the server once when back online',
  async ({ page, context }) => {
    const student = await parentWithStudent(page);
    await openNewSession(page, student.id);
    await completeForm(page, 'Offline Flat');

    await context.setOffline(true);
    // Asking the supervisor by email, whose code this device never fetched, says it needs a connection; signing
    // here still works, and nothing typed is lost.
    const askByEmail = page.getByRole('checkbox', { name: 'Ask the supervisor to sign' });
    await askByEmail.check();
    await page.getByText('Asking by email needs a connection on this device first').waitFor();
    await askByEmail.uncheck();
    await expect(page.getByLabel('Start Suburb', { exact: true }).inputValue()).resolves.toBe('Offline Flat');
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectToast(page, TOASTS.sessionQueuedTitle, TOASTS.sessionQueued);
    const [entry] = await outboxEntries(page);
    expect(entry.payload.startSuburb).toBe('Offline Flat');
    expect(entry.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await serverSessions(page, student.id)).toHaveLength(0);

    await context.setOffline(false);
    await waitForEmptyOutbox(page);
    const sessions = await serverSessions(page, student.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0].clientId).toBe(entry.clientId);
  },
  { serviceWorkers: 'block' },
);

journey(
  'a send interrupted after the server stored it is retried and still makes one session',
  async ({ page }) => {
    const student = await parentWithStudent(page);
    await openNewSession(page, student.id);
    await completeForm(page, 'Lost Answer');

    let posts = 0;
    await page.route('**/api/driving-sessions', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      if (posts === 1) {
        // The server receives and stores the session; the browser never hears back.
        const reached = await route.fetch();
        expect(reached.status()).toBe(201);
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectToast(page, TOASTS.sessionQueuedTitle, TOASTS.sessionQueued);
    await waitForEmptyOutbox(page);
    expect(posts).toBeGreaterThanOrEqual(2);
    const sessions = await serverSessions(page, student.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0].startSuburb).toBe('Lost Answer');
  },
  { serviceWorkers: 'block' },
);

journey(
  'a session left in the outbox by a closed tab is sent once when the app opens again',
  async ({ page, context }) => {
    const student = await parentWithStudent(page);
    await openNewSession(page, student.id);
    await completeForm(page, 'Closed Tab');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectToast(page, TOASTS.sessionQueuedTitle);
    expect(await outboxEntries(page)).toHaveLength(1);
    await page.close();
    await context.setOffline(false);

    const next = await context.newPage();
    await next.goto(`${stack.url}/students/${student.id}/sessions`);
    await expectHeading(next, 'Sam Learner');
    await waitForEmptyOutbox(next);
    await next.reload();
    await next.getByTestId('session-item').first().waitFor();
    expect(await next.getByTestId('session-item').count()).toBe(1);
    expect(await serverSessions(next, student.id)).toHaveLength(1);
  },
  { serviceWorkers: 'block' },
);

journey(
  'a queued session the server refuses comes back as a draft carrying its message',
  async ({ page, context }) => {
    const student = await parentWithStudent(page);
    await openNewSession(page, student.id);
    await completeForm(page, 'Refused Road');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectToast(page, TOASTS.sessionQueuedTitle);
    // While offline the subscription ends (a renewal fails and the parent cancels what is owed, which ends at once);
    // the server will refuse the session.
    const failed = await page.request.post(`${stack.url}/api/billing/simulate/renewal-failure`, {
      data: { studentId: student.id },
    });
    expect(failed.status()).toBeLessThan(300);
    const cancelled = await page.request.post(`${stack.url}/api/cancel-subscription`, {
      data: { studentId: student.id },
    });
    expect(cancelled.status()).toBeLessThan(300);
    await context.setOffline(false);
    await waitForEmptyOutbox(page);
    await expectToast(page, TOASTS.sessionReturnedToDraft);
    const drafts = await storedDrafts(page);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ startSuburb: 'Refused Road', studentId: student.id });
    expect(drafts[0].serverMessage).toBeTruthy();
    expect(drafts[0].supervisorSignature).toMatch(/^data:image\/png/);
    expect(await serverSessions(page, student.id)).toHaveLength(0);
  },
  { serviceWorkers: 'block' },
);

async function logThroughApi(page: Page, studentId: number, i: number) {
  const night = i % 3 === 0;
  const day = String(1 + i).padStart(2, '0');
  const res = await page.request.post(`${stack.url}/api/driving-sessions`, {
    data: {
      studentId,
      date: `2026-02-${day}`,
      startTime: night ? '19:00' : '10:00',
      endTime: night ? '20:30' : '11:00',
      duration: night ? '1.5 hours' : '1.0 hours',
      startSuburb: ['Norwood', 'Unley', 'Glenelg', 'Prospect'][i % 4],
      endSuburb: ['Adelaide', 'Burnside', 'Marion', 'Salisbury'][i % 4],
      timeOfDay: night ? 'night' : 'day',
      trafficConditions: ['light', 'medium', 'heavy'][i % 3],
      roadConditions: ['sealed', 'quiet-streets', 'busy-road', 'multi-laned'][i % 4],
      studentSignature: signaturePng(),
      supervisorName: 'Pat Driver',
      supervisorLicenseNumber: 'SA998877',
      supervisorSignature: signaturePng(),
    },
  });
  expect(res.status()).toBe(201);
}

journey('filters narrow the history, and the history of a dozen sessions looks finished', async ({ page }) => {
  const student = await parentWithStudent(page);
  for (let i = 0; i < 12; i++) await logThroughApi(page, student.id, i);
  await page.goto(`${stack.url}/students/${student.id}/sessions`);
  const items = page.getByTestId('session-item');
  await items.first().waitFor();
  expect(await items.count()).toBe(12);
  expect(await page.getByTestId('summary-total-hours').textContent()).toContain('14.0h');
  await page.getByTestId('hours-remaining').waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, 'sessions-history-1280.png');

  await page.getByLabel('Time of day', { exact: true }).selectOption('night');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-item"]').length === 4);
  expect(await page.getByTestId('summary-night-hours').textContent()).toContain('6.0h');
  expect(await page.getByTestId('summary-day-hours').textContent()).toContain('0.0h');

  await page.getByLabel('Time of day', { exact: true }).selectOption('');
  await page.getByLabel('From date', { exact: true }).fill('2026-02-05');
  await page.getByLabel('To date', { exact: true }).fill('2026-02-08');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-item"]').length === 4);
  const dates = await items.allTextContents();
  expect(dates.every((t) => /[5-8] Feb 2026/.test(t))).toBe(true);
  expect(await serverSessions(page, student.id, '?fromDate=2026-02-05&toDate=2026-02-08')).toHaveLength(4);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-item"]').length === 12);

  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, 'sessions-history-360.png');
});

journey('a student without an active subscription: no form, no session list requested', async ({ page }) => {
  const student = await parentWithStudent(page, { active: false });
  const listCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/driving-sessions/')) listCalls.push(req.url());
  });
  await page.goto(`${stack.url}/students/${student.id}/sessions`);
  await expectHeading(page, 'Sam Learner');
  await expectText(page, 'Inactive');
  expect(await page.getByRole('button', { name: 'New Session' }).isDisabled()).toBe(true);
  await page.getByText('Subscription required').first().waitFor();
  expect(listCalls).toEqual([]);

  await openNewSessionInactive(page, student.id);
  await expectHeading(page, 'An active subscription is needed');
  expect(await page.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(
    `/students/${student.id}/subscribe`,
  );
  expect(await page.getByRole('button', { name: 'Submit Session' }).count()).toBe(0);

  await page.goto(`${stack.url}/students/abc/sessions`);
  await expectHeading(page, 'No Student ID');
  await page.goto(`${stack.url}/students/987654/sessions`);
  await expectHeading(page, 'Student Not Found');
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expectPath(page, '/dashboard');
});

async function openNewSessionInactive(page: Page, studentId: number) {
  await page.goto(`${stack.url}/students/${studentId}/new-session`);
}

journey(
  'the session form on a 360 px phone',
  async ({ page }) => {
    const student = await parentWithStudent(page);
    await openNewSession(page, student.id);
    await fillSession(page, { start: '16:30', end: '17:45', from: 'Norwood', to: 'Glenelg' });
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectText(page, 'Student signature is required');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'session-form-360.png');
  },
  { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true },
);

journey(
  'the form opens offline for a student seen before, and the session waits in the outbox',
  async ({ page, context }) => {
    const student = await parentWithStudent(page);
    await openNewSession(page, student.id);
    await waitForServiceWorker(page);
    await waitForCachedRemote(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('student-name').waitFor();
    await expectText(page, "You're offline");
    await completeForm(page, 'No Signal Rd');
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectToast(page, TOASTS.sessionQueuedTitle, TOASTS.sessionQueued);
    expect((await outboxEntries(page)).map((e) => e.payload.startSuburb)).toEqual(['No Signal Rd']);

    await context.setOffline(false);
    await waitForEmptyOutbox(page);
    expect((await serverSessions(page, student.id)).map((s) => s.startSuburb)).toEqual(['No Signal Rd']);
  },
);

journey(
  'a signed-in student logs a session for themselves and returns to the student dashboard',
  async ({ page, context }) => {
    const student = await parentWithStudent(page);
    const login = await page.request.post(`${stack.url}/api/students/${student.id}/create-login`, {
      data: { studentUsername: `sam${Date.now()}`, studentPassword: 'learner-pass-1' },
    });
    expect(login.status()).toBeLessThan(300);
    const { studentUsername } = (await (await page.request.get(`${stack.url}/api/students/${student.id}`)).json()) as {
      studentUsername: string;
    };
    await context.clearCookies();
    const signedIn = await page.request.post(`${stack.url}/api/student-login`, {
      data: { studentUsername, studentPassword: 'learner-pass-1' },
    });
    expect(signedIn.status()).toBe(200);

    await page.goto(`${stack.url}/student-new-session`);
    await page.getByTestId('student-name').waitFor();
    expect(await page.getByTestId('student-name').textContent()).toBe('Sam Learner');
    await completeForm(page, 'Student Street');
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectToast(page, TOASTS.sessionLogged);
    await expectPath(page, '/student-dashboard');
    const sessions = await serverSessions(page, student.id);
    expect(sessions.map((s) => s.startSuburb)).toEqual(['Student Street']);
  },
);
