import path from 'node:path';
import type { Page } from 'playwright-core';
import { TOASTS } from '@logbook/contracts/messages';
import { ADELAIDE, sunTimes } from '@logbook/contracts/sun';
import { expectAccessible } from './support/accessibility';
import { expectHeading, expectToast } from './support/expectations';
import { fillConditions, inAdelaide, parentWithActiveStudent, signBoth } from './support/family';
import { journey } from './support/journey';
import { startTestStack, type TestStack } from './support/stack';

const SHOTS = '/work/notes/shots';
const PHONE = { width: 360, height: 780 };

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

interface ServerSession {
  date: string;
  startTime: string;
  endTime: string;
  duration: string;
  timeOfDay: string;
  weatherConditions: string | null;
  startSuburb: string;
  endSuburb: string;
}

async function serverSessions(page: Page, studentId: number): Promise<ServerSession[]> {
  const res = await page.request.get(`${stack.url}/api/driving-sessions/${studentId}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ServerSession[];
}

/** Polled from here: the outbox sends on its own once the connection is back. */
async function waitForSessions(page: Page, studentId: number, count: number, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const sessions = await serverSessions(page, studentId);
    if (sessions.length >= count) return sessions;
    if (Date.now() > deadline) throw new Error(`Expected ${count} sessions on the server, found ${sessions.length}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Adelaide's local time on a date as an instant ('2026-11-20', '10:00' → daylight-saving offset +10:30). */
const adelaide = (date: string, time: string) => new Date(`${date}T${time}:00+10:30`);

const shift = (hhmm: string, minutes: number) => {
  const [h, m] = hhmm.split(':').map(Number);
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

async function finishForm(page: Page) {
  await expectHeading(page, 'Finish Your Drive');
  await page.getByLabel('Start Suburb', { exact: true }).fill('Norwood');
  await page.getByLabel('End Suburb', { exact: true }).fill('Glenelg');
  await fillConditions(page, 'rain');
  await page.getByLabel('Full Name', { exact: true }).fill('Pat Driver');
  await page.getByLabel("Driver's License Number", { exact: true }).fill('SA998877');
  await signBoth(page);
}

journey(
  'a live drive survives a reload and going offline, ends 40 minutes later and is logged with its weather',
  async ({ page, context }) => {
    const student = await parentWithActiveStudent(stack.url, page.request);
    await inAdelaide(page);
    await page.clock.install({ time: adelaide('2026-11-20', '10:00') });
    await page.goto(`${stack.url}/students/${student.id}/sessions`);
    await page.getByRole('button', { name: 'Start Drive' }).click();
    const card = page.getByTestId('running-drive');
    await card.getByText('Started at 10:00').waitFor();
    await expectAccessible(page);

    // A reload (the phone locked, the tab closed) finds the drive still running.
    await page.reload();
    await card.getByText('Started at 10:00').waitFor();
    // The parent's dashboard shows the running drive on the student's card.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByTestId('running-drive-line').getByText('Drive in progress').waitFor();
    await page.getByRole('link', { name: 'Open drive' }).click();
    await card.waitFor();
    // The form is opened once while online, so its code is on the device when the connection goes.
    await page.getByRole('link', { name: 'New Session' }).click();
    await page.getByTestId('student-name').waitFor();
    await page.goBack();
    await card.waitFor();

    await context.setOffline(true);
    await page.clock.fastForward('40:00');
    await expect(card.getByRole('timer').getAttribute('aria-label')).resolves.toBe('Driving for 40 min');
    await card.screenshot({ path: path.join(SHOTS, 'running-drive-360.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await card.screenshot({ path: path.join(SHOTS, 'running-drive-1280.png') });
    await page.setViewportSize(PHONE);

    await card.getByRole('button', { name: 'End Drive' }).click();
    await finishForm(page);
    await expect(page.getByLabel('Start Time', { exact: true }).inputValue()).resolves.toBe('10:00');
    await expect(page.getByLabel('End Time', { exact: true }).inputValue()).resolves.toBe('10:40');
    await expect(page.getByLabel('Duration', { exact: true }).inputValue()).resolves.toBe('0.7 hours');
    await expect(page.getByLabel('Time of Day', { exact: true }).inputValue()).resolves.toBe('day');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectToast(page, TOASTS.sessionQueuedTitle);

    await context.setOffline(false);
    const [logged] = await waitForSessions(page, student.id, 1);
    expect(logged).toMatchObject({
      date: '2026-11-20',
      startTime: '10:00',
      endTime: '10:40',
      duration: '0.7 hours',
      timeOfDay: 'day',
      weatherConditions: 'rain',
      startSuburb: 'Norwood',
      endSuburb: 'Glenelg',
    });
    // The drive is over on this device, and the history shows the session with its weather.
    await page.goto(`${stack.url}/students/${student.id}/sessions`);
    const item = page.getByTestId('session-item').first();
    await item.getByText('Weather: Rain').waitFor();
    expect(await page.getByTestId('running-drive').count()).toBe(0);
    await page.getByRole('button', { name: 'Start Drive' }).waitFor();
  },
  { viewport: PHONE },
);

journey(
  'a drive across sunset is logged as a day entry and a night entry split at the sun’s time',
  async ({ page }) => {
    const student = await parentWithActiveStudent(stack.url, page.request);
    const date = '2026-11-20';
    const sunset = sunTimes(date, ADELAIDE)!.sunset;
    const start = shift(sunset, -30);
    const end = shift(sunset, 20);
    await inAdelaide(page);
    await page.clock.install({ time: adelaide(date, start) });
    await page.goto(`${stack.url}/students/${student.id}/sessions`);
    await page.getByRole('button', { name: 'Start Drive' }).click();
    await page.getByTestId('running-drive').getByText(`Started at ${start}`).waitFor();
    await page.clock.fastForward('50:00');
    await page.getByRole('button', { name: 'End Drive' }).click();
    await finishForm(page);
    await expectHeading(page, `This drive crossed sunset at ${sunset}`);
    await expect(page.getByTestId('split-parts').textContent()).resolves.toBe(
      `Day ${start}–${sunset} (30m) and Night ${sunset}–${end} (20m)`,
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await expectToast(page, '2 sessions logged');

    const sessions = await waitForSessions(page, student.id, 2);
    const parts = sessions
      .map((s) => [s.startTime, s.endTime, s.timeOfDay, s.weatherConditions])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(parts).toEqual([
      [start, sunset, 'day', 'rain'],
      [sunset, end, 'night', 'rain'],
    ]);
  },
  { viewport: PHONE },
);
