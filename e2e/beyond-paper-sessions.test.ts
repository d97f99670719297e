import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { TOASTS } from '@logbook/contracts/messages';
import { ARTIFACTS_DIR, journey } from './support/journey';
import { sign } from './support/signing';
import { expectHeading, expectPath, expectToast, uniqueEmail } from './support/expectations';
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
const PHONE = { width: 360, height: 780 };

interface Student {
  id: number;
}

/** A signed-in parent with one student whose subscription is active (simulated billing). */
async function parentWithStudent(page: Page): Promise<Student> {
  const api = page.request;
  const email = uniqueEmail('sky');
  const password = 'correct horse 1';
  expect((await api.post(`${stack.url}/api/register`, { data: { email, password } })).status()).toBeLessThan(300);
  expect((await api.post(`${stack.url}/api/login`, { data: { email, password } })).status()).toBe(200);
  const created = await api.post(`${stack.url}/api/students`, {
    data: { firstName: 'Sam', lastName: 'Learner', dateOfBirth: '2008-05-01', licenseNumber: 'L123' },
  });
  expect(created.status()).toBe(201);
  const student = (await created.json()) as Student;
  const sub = await api.post(`${stack.url}/api/create-subscription`, { data: { studentId: student.id } });
  expect(sub.status()).toBeLessThan(300);
  const { clientSecret } = (await sub.json()) as { clientSecret: string };
  expect(
    (await api.post(`${stack.url}/api/billing/simulate/confirm`, { data: { clientSecret } })).status(),
  ).toBeLessThan(300);
  return student;
}

/** The date in Adelaide `daysAgo` days back, as 'YYYY-MM-DD'. */
function adelaideDate(daysAgo = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Adelaide' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );
}

async function logThroughApi(page: Page, studentId: number, over: Record<string, string>) {
  const res = await page.request.post(`${stack.url}/api/driving-sessions`, {
    data: {
      studentId,
      date: adelaideDate(2),
      startTime: '10:00',
      endTime: '12:00',
      duration: '2.0 hours',
      startSuburb: 'Norwood',
      endSuburb: 'Glenelg',
      timeOfDay: 'day',
      trafficConditions: 'medium',
      roadConditions: 'sealed',
      weatherConditions: 'clear',
      studentSignature: signaturePng(),
      supervisorName: 'Pat Driver',
      supervisorLicenseNumber: 'SA998877',
      supervisorSignature: signaturePng(),
      ...over,
    },
  });
  expect(res.status()).toBe(201);
}

/** The device sits in Adelaide, whatever the machine running the tests says. */
async function inAdelaide(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Australia/Adelaide' });
}

const timeOfDay = (page: Page) => page.getByLabel('Time of Day', { exact: true });
const suggestion = (page: Page) => page.getByTestId('time-of-day-suggestion');

async function setTimes(page: Page, date: string, start: string, end: string) {
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.getByLabel('Start Time', { exact: true }).fill(start);
  await page.getByLabel('End Time', { exact: true }).fill(end);
}

async function suggestionText(page: Page, pattern: RegExp): Promise<string> {
  await page.waitForFunction(
    ([source, flags]) =>
      new RegExp(source, flags).test(
        document.querySelector('[data-testid="time-of-day-suggestion"]')?.textContent ?? '',
      ),
    [pattern.source, pattern.flags] as const,
    { timeout: 10_000 },
  );
  return (await suggestion(page).textContent()) ?? '';
}

/** The shell's install offer floats over the page; screenshots show the screen under it. */
async function dismissInstallOffer(page: Page) {
  const dismiss = page.getByTestId('install-prompt').getByRole('button', { name: 'Dismiss' });
  if (await dismiss.isVisible().catch(() => false)) await dismiss.click();
}

const shot = async (page: Page, name: string, target?: ReturnType<Page['locator']>) => {
  await dismissInstallOffer(page);
  if (target) {
    await target.scrollIntoViewIfNeeded();
    await target.screenshot({ path: path.join(ARTIFACTS_DIR, name) });
  } else await page.screenshot({ path: path.join(ARTIFACTS_DIR, name), fullPage: true });
};

journey(
  'the session form suggests Night for 21:00–22:00 in Adelaide in January and Day for 12:00–13:00',
  async ({ page }) => {
    const student = await parentWithStudent(page);
    await page.goto(`${stack.url}/students/${student.id}/new-session`);
    await page.getByTestId('student-name').waitFor();
    await expectHeading(page, 'New Driving Session');

    await setTimes(page, '2026-01-15', '21:00', '22:00');
    const night = await suggestionText(page, /^Night, from the sun: Sunset in Adelaide on 15 Jan at 20:\d\d\.$/);
    expect(night).toMatch(/at 20:(2\d|3\d)\./);
    expect(await timeOfDay(page).inputValue()).toBe('night');
    expect(await suggestion(page).getAttribute('aria-live')).toBe('polite');
    await shot(
      page,
      'sun-suggestion-night-1280.png',
      page.locator('section.ll-card', { hasText: 'Driving Conditions' }),
    );

    await setTimes(page, '2026-01-15', '12:00', '13:00');
    await suggestionText(page, /^Day, from the sun: Daylight in Adelaide on 15 Jan from 06:\d\d to 20:\d\d\.$/);
    expect(await timeOfDay(page).inputValue()).toBe('day');

    // The person's own choice stands; the sun's answer stays in view with a button to take it.
    await timeOfDay(page).selectOption('night');
    await suggestionText(page, /^The sun suggests Day: Daylight in Adelaide on 15 Jan/);
    await setTimes(page, '2026-01-15', '12:30', '13:30');
    expect(await timeOfDay(page).inputValue()).toBe('night');
    await shot(
      page,
      'sun-suggestion-choice-1280.png',
      page.locator('section.ll-card', { hasText: 'Driving Conditions' }),
    );
    await page.getByRole('button', { name: 'Use Day' }).click();
    expect(await timeOfDay(page).inputValue()).toBe('day');
    await shot(page, 'sun-suggestion-form-1280.png');
  },
);

journey(
  'on a phone, the located drive is judged by the sun in Norwood and logged with its coordinates',
  async ({ page, context }) => {
    await inAdelaide(context, page);
    const student = await parentWithStudent(page);
    await context.grantPermissions(['geolocation'], { origin: stack.url });
    await context.setGeolocation({ latitude: -34.92154, longitude: 138.63087 });
    await page.route(GEOCODER, (route) =>
      route.fulfill({ json: { locality: 'Norwood', city: 'Adelaide', countryName: 'Australia' } }),
    );
    await page.goto(`${stack.url}/students/${student.id}/new-session`);
    await page.getByTestId('student-name').waitFor();

    await page.getByRole('button', { name: 'Use current location for Start Suburb' }).click();
    await page.waitForFunction(
      () => (document.querySelector('input[name="startSuburb"]') as HTMLInputElement | null)?.value === 'Norwood',
    );
    await setTimes(page, '2026-01-15', '21:00', '22:00');
    await suggestionText(page, /^Night, from the sun: Sunset in Norwood on 15 Jan at 20:\d\d\.$/);
    expect(await timeOfDay(page).inputValue()).toBe('night');
    await shot(
      page,
      'sun-suggestion-night-360.png',
      page.locator('section.ll-card', { hasText: 'Driving Conditions' }),
    );

    await page.getByLabel('End Suburb', { exact: true }).fill('Glenelg');
    await page.getByLabel('Traffic Conditions', { exact: true }).selectOption('light');
    await page.getByLabel('Road Conditions', { exact: true }).selectOption('sealed');
    await page.getByLabel('Weather', { exact: true }).selectOption('clear');
    await page.getByLabel('Full Name', { exact: true }).fill('Pat Driver');
    await page.getByLabel("Driver's License Number", { exact: true }).fill('SA998877');
    await sign(page, 0);
    await sign(page, 1);
    await shot(page, 'sun-suggestion-form-360.png');
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectToast(page, TOASTS.sessionLogged);
    await expectPath(page, '/dashboard');

    const res = await page.request.get(`${stack.url}/api/driving-sessions/${student.id}`);
    const [saved] = (await res.json()) as Array<{ timeOfDay: string; coordinates?: unknown }>;
    expect(saved).toMatchObject({ timeOfDay: 'night', coordinates: { latitude: -34.922, longitude: 138.631 } });
  },
  { viewport: PHONE, isMobile: true, hasTouch: false },
);

journey(
  'the pace and coverage panel and the paper hours, on the parent’s sessions screen and the student’s dashboard',
  async ({ page }) => {
    const student = await parentWithStudent(page);
    await page.goto(`${stack.url}/students/${student.id}/sessions`);
    await page.getByTestId('insights-empty').waitFor();
    expect(await page.getByTestId('insights-empty').textContent()).toMatch(/^No sessions logged yet\./);

    await logThroughApi(page, student.id, {});
    await logThroughApi(page, student.id, {
      date: adelaideDate(9),
      startTime: '19:00',
      endTime: '20:30',
      duration: '1.5 hours',
      timeOfDay: 'night',
      roadConditions: 'busy-road',
      weatherConditions: 'rain',
    });
    const paper = await page.request.put(`${stack.url}/api/students/${student.id}/opening-balance`, {
      data: { dayHours: 10, nightHours: 2, note: 'From the paper book' },
    });
    expect(paper.status()).toBe(200);

    await page.goto(`${stack.url}/students/${student.id}/sessions`);
    const pace = page.getByTestId('pace-line');
    await pace.waitFor();
    const target = await page.request.get(`${stack.url}/api/driving-sessions/${student.id}/summary`);
    const total = ((await target.json()) as { targets: { total: number } }).targets.total;
    expect(await pace.textContent()).toMatch(
      new RegExp(`^At this pace: all ${total} hours by \\d{1,2} [A-Z][a-z]+ \\d{4}$`),
    );
    expect(await page.getByTestId('not-practised-line').textContent()).toBe(
      'Not yet practised: light traffic, heavy traffic, unsealed roads, quiet streets, multi-laned roads, overcast weather, fog',
    );
    const weeks = page.getByTestId('weekly-hours').locator('li');
    expect(await weeks.count()).toBe(4);
    expect(await weeks.nth(3).textContent()).toMatch(/2 h$/);
    expect(await weeks.nth(2).textContent()).toMatch(/1\.5 h$/);
    expect(await page.getByTestId('paper-hours').textContent()).toBe(
      'Includes 10 h day and 2 h night from the paper log book',
    );
    const panel = page.locator('section.ll-card', { hasText: 'Pace and Coverage' });
    await shot(page, 'pace-panel-parent-1280.png');
    await shot(page, 'pace-panel-card-1280.png', panel);
    await page.setViewportSize(PHONE);
    await shot(page, 'pace-panel-parent-360.png');

    const username = `sam.${Date.now().toString(36)}`;
    const login = await page.request.post(`${stack.url}/api/students/${student.id}/create-login`, {
      data: { studentUsername: username, studentPassword: 'learner1' },
    });
    expect(login.status()).toBeLessThan(300);
    const signIn = await page.request.post(`${stack.url}/api/student-login`, {
      data: { studentUsername: username, studentPassword: 'learner1' },
    });
    expect(signIn.status()).toBe(200);
    await page.goto(`${stack.url}/student-dashboard`);
    await page.getByTestId('pace-line').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('pace-line').textContent()).toMatch(/^At this pace: all \d+ hours by /);
    expect(await page.getByTestId('not-practised-line').textContent()).toMatch(/^Not yet practised: light traffic/);
    expect(await page.getByTestId('paper-hours').textContent()).toBe(
      'Includes 10 h day and 2 h night from the paper log book',
    );
    await shot(page, 'pace-panel-student-360.png');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'pace-panel-student-1280.png');
  },
);
