import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { PNG } from 'pngjs';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { API_ERRORS } from '@logbook/contracts/messages';
import { openBrowser } from './support/chromium';
import { expectHeading, uniqueEmail } from './support/expectations';
import { ARTIFACTS_DIR, journey } from './support/journey';
import { decodeQr } from './support/images';

const { startStack, freePort, ROOT } = require('../scripts/stack.cjs') as typeof import('../scripts/stack.cjs');

type Stack = Awaited<ReturnType<typeof startStack>>;

let stack: Stack;

/** Stale front ends are built under the same lock the other journeys use (e2e/support/run-stack.mjs). */
async function buildStaleFrontEnds() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const lock = path.join(os.tmpdir(), 'logbook-e2e-build.lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (Date.now() > deadline) throw new Error(`Gave up waiting for the front-end build lock ${lock}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

// This journey changes a stored session behind the services' back, so it starts its own stack and keeps its database
// address; the log book's QR code points at the app's own origin, here the gateway's free port.
beforeAll(async () => {
  await buildStaleFrontEnds();
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  // Public answers are reused for a minute while the log is unchanged; the journey alters the database behind the
  // service's back and looks again without waiting that long.
  stack = await startStack({ gatewayPort: port, env: { PUBLIC_ORIGIN: origin, VERIFY_REUSE_MS: '1000' } });
}, 600_000);
afterAll(async () => {
  await stack?.stop();
});

const PASSWORD = 'correct horse 1';

function signaturePng(seed: number): string {
  const png = new PNG({ width: 400, height: 150 });
  png.data.fill(255);
  for (let x = 40; x < 360; x++) {
    const y = Math.round(75 + Math.sin(x / 30 + seed) * 30);
    const i = (y * 400 + x) * 4;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = 0;
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

interface LoggedSession {
  id: number;
}

async function logSession(
  api: APIRequestContext,
  studentId: number,
  date: string,
  [startTime, endTime, duration]: [string, string, string],
  timeOfDay: 'day' | 'night',
): Promise<LoggedSession> {
  const res = await api.post(`${stack.url}/api/driving-sessions`, {
    data: {
      studentId,
      date,
      startTime,
      endTime,
      duration,
      startSuburb: 'Norwood',
      endSuburb: 'Glenelg',
      timeOfDay,
      trafficConditions: 'light',
      roadConditions: 'sealed',
      studentSignature: signaturePng(1),
      supervisorName: 'Pat Driver',
      supervisorLicenseNumber: 'SA998877',
      supervisorSignature: signaturePng(2),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as LoggedSession;
}

/** A parent with an active student 'Alex Lee' who has logged three sessions: 1.5 h day, 1.0 h night, 2.0 h day. */
async function studentWithThreeSessions(api: APIRequestContext) {
  const email = uniqueEmail('verify');
  expect((await api.post(`${stack.url}/api/register`, { data: { email, password: PASSWORD } })).status()).toBeLessThan(
    300,
  );
  expect((await api.post(`${stack.url}/api/login`, { data: { email, password: PASSWORD } })).status()).toBe(200);
  const made = await api.post(`${stack.url}/api/students`, {
    data: { firstName: 'Alex', lastName: 'Lee', dateOfBirth: '2008-05-01', licenseNumber: 'SA1234567' },
  });
  expect(made.status()).toBe(201);
  const student = (await made.json()) as { id: number };
  const sub = await api.post(`${stack.url}/api/create-subscription`, { data: { studentId: student.id } });
  const { clientSecret } = (await sub.json()) as { clientSecret: string };
  expect(
    (await api.post(`${stack.url}/api/billing/simulate/confirm`, { data: { clientSecret } })).status(),
  ).toBeLessThan(300);
  const sessions = [
    await logSession(api, student.id, '2026-02-10', ['09:00', '10:30', '1.5 hours'], 'day'),
    await logSession(api, student.id, '2026-02-11', ['20:00', '21:00', '1.0 hours'], 'night'),
    await logSession(api, student.id, '2026-02-14', ['13:00', '15:00', '2.0 hours'], 'day'),
  ];
  return { studentId: student.id, sessions };
}

/** The first page of the PDF as poppler draws it, and its text. */
function readPdf(pdf: Buffer): { text: string; firstPage: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logbook-verify-pdf-'));
  try {
    const file = path.join(dir, 'log.pdf');
    fs.writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']).toString();
    execFileSync('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')]);
    return { text, firstPage: fs.readFileSync(path.join(dir, 'page.png')) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  // The install offer floats over the page; it is not what the picture is for.
  const install = page.getByTestId('install-prompt');
  if (await install.isVisible()) await install.getByRole('button', { name: 'Dismiss' }).click();
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/** What the verification page says, at both widths people open it at. */
async function openVerification(url: string, name: string, check: (page: Page) => Promise<void>) {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    // A fresh browser: no cookies, no signed-in parent, as an examiner scanning the paper would be.
    const browser = await openBrowser({ viewport });
    try {
      await browser.page.goto(url);
      await check(browser.page);
      const overflow = await browser.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await browser.context.cookies()).toEqual([]);
      await screenshot(browser.page, `${name}-${viewport.width}`);
    } finally {
      await browser.close();
    }
  }
}

journey(
  "verification: the PDF's code and QR open a public page that says the log is intact, then names the entry changed in the database",
  async ({ page }) => {
    const api = page.request;
    const { sessions } = await studentWithThreeSessions(api);
    const student = (await (await api.get(`${stack.url}/api/students`)).json()) as Array<{ id: number }>;
    const pdf = await api.get(`${stack.url}/api/driving-sessions/${student[0].id}/pdf`);
    expect(pdf.status()).toBe(200);
    const { text, firstPage } = readPdf(await pdf.body());

    const code = /Verification code\s+([A-Z2-7]{16})/.exec(text)?.[1];
    expect(code).toBeDefined();
    const verifyUrl = `${stack.url}/verify/${code}`;
    expect(decodeQr(firstPage)).toBe(verifyUrl);

    await openVerification(verifyUrl, 'verification-intact', async (p) => {
      await expectHeading(p, 'This log book is intact');
      const result = p.getByTestId('verify-result');
      expect(await result.getAttribute('data-intact')).toBe('true');
      expect(await p.getByTestId('verify-initials').textContent()).toBe('A. L.');
      expect(await p.getByTestId('verify-sessions').textContent()).toBe('3 sessions');
      expect(await p.getByTestId('verify-hours').textContent()).toBe('4.5 hours3.5 day · 1 night');
      const shown = (await p.locator('body').textContent()) ?? '';
      for (const secret of ['Alex', 'Lee', 'Pat Driver', 'SA998877', 'SA1234567']) expect(shown).not.toContain(secret);
      expect(await p.locator('img').count()).toBe(0);
    });

    // Someone inflates the second session's hours directly in the database.
    const client = new MongoClient(stack.databaseUri!);
    await client.connect();
    try {
      const changed = await client
        .db(stack.databaseName)
        .collection<{ _id: number; duration: string }>('driving_sessions')
        .updateOne({ _id: sessions[1].id }, { $set: { duration: '3.0 hours' } });
      expect(changed.modifiedCount).toBe(1);
    } finally {
      await client.close();
    }
    // The last public answer must be older than the stack's VERIFY_REUSE_MS for the change to be looked at again.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    await openVerification(verifyUrl, 'verification-altered', async (p) => {
      await expectHeading(p, 'This log book has been changed');
      expect(await p.getByTestId('verify-result').getAttribute('data-intact')).toBe('false');
      expect(await p.getByTestId('verify-broken-entry').textContent()).toBe(
        'The second entry (the session of 11 Feb 2026) was changed after it was logged.',
      );
      expect(await p.getByTestId('verify-sessions').textContent()).toBe('3 sessions');
    });
  },
);

journey('verification: an unknown code says so and offers to check another', async ({ page }) => {
  await page.goto(`${stack.url}/verify/AAAAAAAAAAAAAAAA`);
  await expectHeading(page, API_ERRORS.verificationNotFound);
  await page.getByLabel('Try another code').fill('not a code');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByText('Enter the 16-character code printed on the log book', { exact: true }).waitFor();
  await page.getByLabel('Try another code').fill('bbbb-bbbb bbbb-bbbb');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/verify/BBBBBBBBBBBBBBBB');
  await expectHeading(page, API_ERRORS.verificationNotFound);
  await screenshot(page, 'verification-unknown-1280');
});

journey(
  'verification: when the check cannot reach the server the page says so, and Retry checks again',
  async ({ page }) => {
    let failing = true;
    await page.route('**/api/verify/**', (route) => (failing ? route.abort('connectionrefused') : route.continue()));
    await page.goto(`${stack.url}/verify/CCCCCCCCCCCCCCCC`);
    await expectHeading(page, 'The log book could not be checked');
    await page.getByText('Something went wrong while checking this log book. Please try again.').waitFor();
    await screenshot(page, 'verification-error-360');
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectHeading(page, API_ERRORS.verificationNotFound);
  },
  { viewport: { width: 360, height: 740 }, serviceWorkers: 'block' },
);

test('the gateway serves the app for /verify/<code>, and the public check needs no sign-in', async () => {
  const api = await request.newContext();
  try {
    const html = await api.get(`${stack.url}/verify/AAAAAAAAAAAAAAAA`, { headers: { accept: 'text/html' } });
    expect(html.status()).toBe(200);
    expect(await html.text()).toContain('<div id="root">');
    const check = await api.get(`${stack.url}/api/verify/AAAAAAAAAAAAAAAA`);
    expect(check.status()).toBe(404);
    expect(await check.json()).toEqual({ message: API_ERRORS.verificationNotFound });
  } finally {
    await api.dispose();
  }
});

// Last, because it uses up this address's checks for the minute.
journey(
  'verification: after too many checks in a minute the page gives the wait message and a Retry',
  async ({ page }) => {
    // From the browser itself, so the checks count against the address the page is opened from.
    await page.goto(`${stack.url}/verify`);
    const answer = await page.evaluate(async () => {
      let status = 0;
      for (let i = 0; i < 80 && status !== 429; i++) status = (await fetch('/api/verify/EEEEEEEEEEEEEEEE')).status;
      return status;
    });
    expect(answer).toBe(429);
    await page.goto(`${stack.url}/verify/DDDDDDDDDDDDDDDD`);
    await expectHeading(page, 'Too many checks');
    await page.getByText(API_ERRORS.tooManyAttempts, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await screenshot(page, 'verification-rate-limited-360');
  },
  { viewport: { width: 360, height: 740 } },
);
