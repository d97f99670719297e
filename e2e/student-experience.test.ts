import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { calculateDuration } from '@logbook/contracts/duration';
import { localDateISO } from '@logbook/contracts/dates';
import { TOASTS, VALIDATION } from '@logbook/contracts/messages';
import { openBrowser, type Browser } from './support/chromium';
import { expectHeading, expectPath, expectText, expectToast, uniqueEmail } from './support/expectations';
import { ARTIFACTS_DIR, journey } from './support/journey';
import { decodeQr } from './support/images';
import { startTestStack, type TestStack } from './support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const PASSWORD = 'secret-pass-12';

// ---- Calls made from a page, so they carry that browser's cookies and its own Origin ----

interface Answer<T = unknown> {
  status: number;
  body: T;
}

async function call<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<Answer<T>> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON (a PDF, an empty body): keep the text.
      }
      return { status: res.status, body: parsed as T };
    },
    { method, url, body },
  );
}

async function ok<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await call<T>(page, method, url, body);
  if (answer.status >= 300)
    throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

// ---- The parent's side ----

async function registerAndSignIn(page: Page, email: string) {
  await page.goto(`${stack.url}/register`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectPath(page, '/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectPath(page, '/dashboard');
}

interface StudentRecord {
  id: number;
  firstName: string;
  lastName: string;
  subscriptionStatus: string;
  hasStudentLogin: boolean;
}

/** A student with an active subscription: created, then subscribed through the simulated provider. */
async function addActiveStudent(page: Page, firstName: string, lastName: string): Promise<StudentRecord> {
  const student = await ok<StudentRecord>(page, 'POST', '/api/students', {
    firstName,
    lastName,
    dateOfBirth: '2008-04-02',
    licenseNumber: '',
  });
  const { clientSecret } = await ok<{ clientSecret: string }>(page, 'POST', '/api/create-subscription', {
    studentId: student.id,
  });
  await ok(page, 'POST', '/api/billing/simulate/confirm', { clientSecret });
  const active = await ok<StudentRecord>(page, 'GET', `/api/students/${student.id}`);
  expect(active.subscriptionStatus).toBe('active');
  return active;
}

function loginPanel(page: Page, firstName: string) {
  return page.getByRole('region', { name: `Student login for ${firstName}` });
}

/** The parent creates the login on the dashboard's student-login panel. */
async function createLoginInUi(page: Page, firstName: string, username: string, password: string) {
  await page.goto(`${stack.url}/dashboard`);
  const panel = loginPanel(page, firstName);
  await panel.getByRole('button', { name: 'Create Student Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Student Login' });
  await dialog.getByLabel('Username', { exact: true }).fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Create Login' }).click();
  await expectToast(page, TOASTS.studentLoginCreated);
  await panel.getByTestId('student-username').waitFor();
}

/** The address the small QR code on the panel encodes, read back from its pixels. */
async function urlInQrCode(page: Page, firstName: string): Promise<string> {
  const img = loginPanel(page, firstName).getByTestId('student-login-qr');
  await img.waitFor();
  expect(await img.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  const code = decodeQr(await img.screenshot());
  if (!code) throw new Error('The QR code on the student login panel could not be read');
  return code;
}

// ---- The student's side ----

async function signInAsStudent(page: Page, loginUrl: string, username: string, password: string) {
  await page.goto(loginUrl);
  await expectHeading(page, 'Student Login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Draws a stroke on a signature pad with real pointer (mouse) events. */
async function sign(page: Page, pad: ReturnType<Page['locator']>) {
  // In the middle of the screen, clear of what stays at its edges (the install offer, the offline bar).
  await pad.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad is not visible');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.15, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(box.x + box.width * (0.15 + i * 0.07), y + (i % 2 ? -20 : 20), { steps: 3 });
  }
  await page.mouse.up();
}

interface SessionEntry {
  startTime: string;
  endTime: string;
  startSuburb: string;
  endSuburb: string;
}

async function logSessionInForm(page: Page, entry: SessionEntry) {
  const form = page.getByRole('form', { name: 'Driving session' });
  await form.waitFor({ timeout: 20_000 });
  await form.getByLabel('Start Time', { exact: true }).fill(entry.startTime);
  await form.getByLabel('End Time', { exact: true }).fill(entry.endTime);
  await form.getByLabel('Start Suburb', { exact: true }).fill(entry.startSuburb);
  await form.getByLabel('End Suburb', { exact: true }).fill(entry.endSuburb);
  await form.getByLabel('Time of Day', { exact: true }).selectOption('day');
  await form.getByLabel('Traffic Conditions', { exact: true }).selectOption('light');
  await form.getByLabel('Road Conditions', { exact: true }).selectOption('sealed');
  await form.getByLabel('Weather', { exact: true }).selectOption('clear');
  await form.getByLabel('Full Name', { exact: true }).fill('Sam Lee');
  await form.getByLabel("Driver's License Number", { exact: true }).fill('SA123456');
  const pads = form.getByTestId('signature-canvas');
  await sign(page, pads.nth(0));
  await sign(page, pads.nth(1));
  await expect(form.getByText('Signature captured').count()).resolves.toBe(2);
  await form.getByRole('button', { name: 'Submit Session' }).click();
}

/** A small drawn PNG, as a signature pad would give. */
function signaturePng(): string {
  const png = new PNG({ width: 120, height: 40 });
  png.data.fill(255);
  for (let x = 10; x < 110; x++) {
    const y = 20 + Math.round(8 * Math.sin(x / 8));
    const i = (y * 120 + x) * 4;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = 0;
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

function sessionBody(studentId: number, entry: SessionEntry & { date?: string; timeOfDay?: string }) {
  return {
    studentId,
    date: entry.date ?? localDateISO(),
    startTime: entry.startTime,
    endTime: entry.endTime,
    duration: calculateDuration(entry.startTime, entry.endTime),
    startSuburb: entry.startSuburb,
    endSuburb: entry.endSuburb,
    timeOfDay: entry.timeOfDay ?? 'day',
    trafficConditions: 'medium',
    roadConditions: 'busy-road',
    studentSignature: signaturePng(),
    supervisorName: 'Sam Lee',
    supervisorLicenseNumber: 'SA123456',
    supervisorSignature: signaturePng(),
  };
}

function pdfResponses(context: BrowserContext) {
  const seen: Response[] = [];
  context.on('response', (res) => {
    if (/\/api\/driving-sessions\/\d+\/pdf$/.test(new URL(res.url()).pathname)) seen.push(res);
  });
  return seen;
}

async function saveScreenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

async function screenshotDashboard(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 780 : 900 });
  const scripts: Response[] = [];
  const onResponse = (res: Response) => {
    if (res.request().resourceType() === 'script') scripts.push(res);
  };
  page.on('response', onResponse);
  await page.goto(`${stack.url}/student-dashboard`);
  await expectHeading(page, 'Ann Lee');
  await page.getByText('Kensington', { exact: false }).first().waitFor();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  // The screen draws from more than one remote, and none of them loads the validation library to draw it.
  const withValidation = [];
  for (const res of scripts)
    if ((await res.text()).includes('$ZodString')) withValidation.push(new URL(res.url()).pathname);
  expect(scripts.filter((res) => res.url().includes('/mf/')).length).toBeGreaterThan(0);
  expect(withValidation).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await saveScreenshot(page, `student-dashboard-${width}`);
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A second browser for the student, with a screenshot of its last page in e2e/artifacts/ when a step fails. */
async function withStudentBrowser(label: string, run: (student: Browser) => Promise<void>) {
  const student = await openBrowser();
  try {
    await run(student);
  } catch (error) {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const file = path.join(ARTIFACTS_DIR, `student-browser-${label}.png`);
    await student.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    if (error instanceof Error) error.message += `\n(the student's page: ${file}; URL ${student.page.url()})`;
    throw error;
  } finally {
    await student.close();
  }
}

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

journey(
  'student: signs in from the QR code address, logs a signed session, sees it and the PDF; the parent sees it; a deleted login ends the session',
  async ({ page: parent }) => {
    // The parent: an account, an active student, and a login created on the dashboard.
    await registerAndSignIn(parent, uniqueEmail('family'));
    const ann = await addActiveStudent(parent, 'Ann', 'Lee');
    const username = `ann.${unique()}`;
    await createLoginInUi(parent, 'Ann', username, 'learner1');
    const loginUrl = await urlInQrCode(parent, 'Ann');
    expect(loginUrl).toBe(`${stack.url}/student-login`);

    await withStudentBrowser('journey', async (studentBrowser) => {
      const student = studentBrowser.page;
      const pdfs = pdfResponses(studentBrowser.context);

      // Wrong password first: the server's message, and still on sign-in.
      await signInAsStudent(student, loginUrl, username, 'not-the-password');
      await expectToast(student, TOASTS.studentLoginFailed, TOASTS.invalidCredentials);
      await expectPath(student, '/student-login');

      await signInAsStudent(student, loginUrl, username, 'learner1');
      await expectToast(student, TOASTS.welcomeBack('Ann'));
      await expectPath(student, '/student-dashboard');
      await expectHeading(student, 'Ann Lee');
      await expectText(student, 'Student Dashboard');
      await expectText(student, 'Active');

      // The progress summary and session history are mf-sessions' widgets, loaded into this remote.
      const remoteEntries = await student.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.endsWith('/remoteEntry.js')),
      );
      expect(remoteEntries).toEqual(
        expect.arrayContaining(['/mf/student/remoteEntry.js', '/mf/sessions/remoteEntry.js']),
      );

      await student.getByRole('link', { name: 'New Session' }).click();
      await expectPath(student, `/student-new-session/${ann.id}`);
      await logSessionInForm(student, {
        startTime: '09:00',
        endTime: '10:30',
        startSuburb: 'Norwood',
        endSuburb: 'Glenelg',
      });
      await expectToast(student, TOASTS.sessionLogged);
      await expectPath(student, '/student-dashboard');
      await student.getByText('Norwood', { exact: false }).first().waitFor();
      await student.getByText('Glenelg', { exact: false }).first().waitFor();

      const summary = await ok<{ sessionCount: number; totalHours: number }>(
        student,
        'GET',
        `/api/driving-sessions/${ann.id}/summary`,
      );
      expect(summary).toMatchObject({ sessionCount: 1, totalHours: 1.5 });
      await student.getByText(/1\.5/).first().waitFor();

      // The PDF opens in a new tab (which headless Chromium may close again once it has the file).
      const popup = studentBrowser.context.waitForEvent('page');
      await student.getByRole('button', { name: 'Download PDF' }).click();
      await waitUntil(() => pdfs.length > 0, 'the PDF to be requested');
      expect(pdfs[0].status()).toBe(200);
      expect(pdfs[0].headers()['content-type']).toContain('application/pdf');
      expect(await popup).not.toBe(student);
      expect(pdfs[0].url()).toContain(`/api/driving-sessions/${ann.id}/pdf`);

      // A few more sessions for the screenshots of a dashboard in use.
      for (const [startTime, endTime, from, to, timeOfDay] of [
        ['17:15', '18:00', 'Kensington', 'Unley', 'day'],
        ['19:30', '20:45', 'Prospect', 'Adelaide', 'night'],
        ['07:40', '08:20', 'Burnside', 'Magill', 'day'],
      ]) {
        await ok(
          student,
          'POST',
          '/api/driving-sessions',
          sessionBody(ann.id, { startTime, endTime, startSuburb: from, endSuburb: to, timeOfDay }),
        );
      }
      await screenshotDashboard(student, 1280);
      await screenshotDashboard(student, 360);
      await student.setViewportSize({ width: 1280, height: 800 });

      // The parent sees the session the student logged.
      await parent.goto(`${stack.url}/students/${ann.id}/sessions`);
      await parent.getByText('Norwood', { exact: false }).first().waitFor({ timeout: 20_000 });
      await parent.getByText('Glenelg', { exact: false }).first().waitFor();

      // The parent deletes the login; the student's next step sends them back to sign-in.
      await parent.goto(`${stack.url}/dashboard`);
      await loginPanel(parent, 'Ann').getByRole('button', { name: 'Delete Login' }).click();
      await parent.getByRole('dialog', { name: 'Delete Login' }).getByRole('button', { name: 'Delete Login' }).click();
      await expectToast(parent, TOASTS.studentLoginDeleted);

      await student.goto(`${stack.url}/student-dashboard`);
      await expectPath(student, '/student-login');
      await expectHeading(student, 'Student Login');
      expect((await call(student, 'GET', '/api/student-auth')).status).toBe(401);
      expect((await call(student, 'GET', `/api/driving-sessions/${ann.id}`)).status).toBe(401);
      await signInAsStudent(student, loginUrl, username, 'learner1');
      await expectToast(student, TOASTS.studentLoginFailed);
      await expectPath(student, '/student-login');
    });
  },
);

journey(
  'student: a deleted login sends a student who is on the dashboard back to sign-in on their next step',
  async ({ page: parent }) => {
    await registerAndSignIn(parent, uniqueEmail('family'));
    const ann = await addActiveStudent(parent, 'Ann', 'Lee');
    const username = `ann.${unique()}`;
    await ok(parent, 'POST', `/api/students/${ann.id}/create-login`, {
      studentUsername: username,
      studentPassword: 'learner1',
    });

    await withStudentBrowser('deleted-login', async (studentBrowser) => {
      const student = studentBrowser.page;
      await signInAsStudent(student, `${stack.url}/student-login`, username, 'learner1');
      await expectPath(student, '/student-dashboard');
      await expectHeading(student, 'Ann Lee');

      await ok(parent, 'DELETE', `/api/students/${ann.id}/delete-login`);

      // No reload: the next screen asks the server again.
      await student.getByRole('link', { name: 'New Session' }).click();
      await expectPath(student, '/student-login');
      await expectHeading(student, 'Student Login');
    });
  },
);

journey(
  'student: sign-in validation, the password toggle, and a signed-in student skips the form',
  async ({ page }) => {
    await page.goto(`${stack.url}/student-login`);
    await expectText(page, "Don't have login credentials? Ask your parent or guardian to create an account for you.");
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectText(page, VALIDATION.bothUsernameAndPassword);
    expect(await page.getByLabel('Username', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'student-login-360');
    await page.setViewportSize({ width: 1280, height: 800 });

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('learner1');
    const toggle = page.getByRole('button', { name: 'Show password' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    const hide = page.getByRole('button', { name: 'Hide password' });
    expect(await hide.getAttribute('aria-pressed')).toBe('true');
    expect(await password.getAttribute('type')).toBe('text');
    await hide.click();
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByLabel('Username', { exact: true }).fill('nobody-has-this-name');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, TOASTS.studentLoginFailed, TOASTS.invalidCredentials);

    // Signed out, the dashboard and the session form send the visitor to sign-in.
    await page.goto(`${stack.url}/student-dashboard`);
    await expectPath(page, '/student-login');
    await page.goto(`${stack.url}/student-new-session`);
    await expectPath(page, '/student-login');
  },
);

journey(
  "student: a parent's and a student's sign-in live side by side in one browser, and each logout leaves the other",
  async ({ page }) => {
    await registerAndSignIn(page, uniqueEmail('family'));
    const ann = await addActiveStudent(page, 'Ann', 'Lee');
    const username = `ann.${unique()}`;
    await ok(page, 'POST', `/api/students/${ann.id}/create-login`, {
      studentUsername: username,
      studentPassword: 'learner1',
    });

    await signInAsStudent(page, `${stack.url}/student-login`, username, 'learner1');
    await expectPath(page, '/student-dashboard');
    expect((await call(page, 'GET', '/api/user')).status).toBe(200);
    await page.goto(`${stack.url}/dashboard`);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await expectText(page, 'Ann Lee');

    // The student signs out: the parent is still signed in.
    await page.goto(`${stack.url}/student-dashboard`);
    await expectHeading(page, 'Ann Lee');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/student-login');
    expect((await call(page, 'GET', '/api/student-auth')).status).toBe(401);
    expect((await call(page, 'GET', '/api/user')).status).toBe(200);

    // The student signs in again, the parent signs out: the student is still signed in.
    await signInAsStudent(page, `${stack.url}/student-login`, username, 'learner1');
    await expectPath(page, '/student-dashboard');
    await page.goto(`${stack.url}/dashboard`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/login');
    expect((await call(page, 'GET', '/api/user')).status).toBe(401);
    await page.goto(`${stack.url}/student-login`);
    await expectPath(page, '/student-dashboard');
    await expectHeading(page, 'Ann Lee');
  },
);

journey(
  "student: a sibling's and another family's sessions are out of reach, in the UI and through the API (404)",
  async ({ page: parent }) => {
    // Family one: Ann (with a login) and her brother Ben, who has a session.
    await registerAndSignIn(parent, uniqueEmail('family'));
    const ann = await addActiveStudent(parent, 'Ann', 'Lee');
    const ben = await addActiveStudent(parent, 'Ben', 'Lee');
    const username = `ann.${unique()}`;
    await ok(parent, 'POST', `/api/students/${ann.id}/create-login`, {
      studentUsername: username,
      studentPassword: 'learner1',
    });
    await ok(
      parent,
      'POST',
      '/api/driving-sessions',
      sessionBody(ben.id, { startTime: '10:00', endTime: '11:00', startSuburb: 'Stepney', endSuburb: 'Hackney' }),
    );

    // Family two: Cara, with a session.
    const other = await openBrowser();
    let cara: StudentRecord;
    try {
      await registerAndSignIn(other.page, uniqueEmail('other-family'));
      cara = await addActiveStudent(other.page, 'Cara', 'Ng');
      await ok(
        other.page,
        'POST',
        '/api/driving-sessions',
        sessionBody(cara.id, {
          startTime: '14:00',
          endTime: '15:00',
          startSuburb: 'Mawson Lakes',
          endSuburb: 'Salisbury',
        }),
      );
    } finally {
      await other.close();
    }

    await withStudentBrowser('out-of-reach', async (studentBrowser) => {
      const student = studentBrowser.page;
      await signInAsStudent(student, `${stack.url}/student-login`, username, 'learner1');
      await expectPath(student, '/student-dashboard');

      for (const outsider of [ben, cara]) {
        // Through the UI: no form for someone else's logbook.
        await student.goto(`${stack.url}/student-new-session/${outsider.id}`);
        await expectText(student, "This isn't your logbook");
        if (outsider === cara) await saveScreenshot(student, 'student-not-your-logbook');
        expect(await student.getByRole('button', { name: 'Submit Session' }).count()).toBe(0);
        expect(await student.getByTestId('signature-canvas').count()).toBe(0);

        // Through the API with the student's cookie: 404 for reading and for writing, and nothing written.
        for (const url of [
          `/api/driving-sessions/${outsider.id}`,
          `/api/driving-sessions/${outsider.id}/summary`,
          `/api/driving-sessions/${outsider.id}/pdf`,
        ]) {
          const res = await student.request.get(`${stack.url}${url}`);
          expect({ url, status: res.status() }).toEqual({ url, status: 404 });
        }
        // The parent's own student records are not the student's to read at all.
        expect([401, 404]).toContain((await student.request.get(`${stack.url}/api/students/${outsider.id}`)).status());
        const post = await call(
          student,
          'POST',
          '/api/driving-sessions',
          sessionBody(outsider.id, {
            startTime: '12:00',
            endTime: '13:00',
            startSuburb: 'Intruder',
            endSuburb: 'Intruder',
          }),
        );
        expect(post.status).toBe(404);
      }

      // The one screen they may open is their own, and the sessions they may read are their own.
      await student.getByRole('link', { name: 'Log a session in my logbook' }).click();
      await expectPath(student, `/student-new-session/${ann.id}`);
      await student.getByRole('button', { name: 'Submit Session' }).waitFor({ timeout: 20_000 });
      const own = await student.request.get(`${stack.url}/api/driving-sessions/${ann.id}`);
      expect(own.status()).toBe(200);
    });

    const bens = await ok<Array<{ startSuburb: string }>>(parent, 'GET', `/api/driving-sessions/${ben.id}`);
    expect(bens.map((s) => s.startSuburb)).toEqual(['Stepney']);
  },
);
