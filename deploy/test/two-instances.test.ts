import crypto from 'node:crypto';
import { PNG as PNGImage } from 'pngjs';

const { startStack } = require('../../scripts/stack.cjs') as typeof import('../../scripts/stack.cjs');

type Stack = Awaited<ReturnType<typeof startStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ quiet: true, instances: { logbook: 2 } });
}, 240_000);
afterAll(() => stack?.stop());

const PNG = (() => {
  const png = new PNGImage({ width: 400, height: 150 });
  png.data.fill(255);
  for (let x = 20; x < 380; x++) png.data.fill(0, (75 * 400 + x) * 4, (75 * 400 + x) * 4 + 3);
  return `data:image/png;base64,${PNGImage.sync.write(png).toString('base64')}`;
})();

async function api(method: string, path: string, cookie = '', body?: unknown) {
  const res = await fetch(stack.url + path, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, res };
}

it('serves one parent from two logbook instances without sticky sessions, also with one stopped midway', async () => {
  expect(stack.instances.filter((i) => i.name === 'logbook')).toHaveLength(2);
  const email = `two-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await api('POST', '/api/register', '', { email, password: 'secret-pass' });
  const login = await api('POST', '/api/login', '', { email, password: 'secret-pass' });
  const cookie = login.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const student = (
    await api('POST', '/api/students', cookie, { firstName: 'Ivy', lastName: 'Two', dateOfBirth: '2009-02-02' })
  ).json;
  const sub = (await api('POST', '/api/create-subscription', cookie, { studentId: student.id })).json;
  expect((await api('POST', '/api/billing/simulate/confirm', cookie, { clientSecret: sub.clientSecret })).status).toBe(
    200,
  );

  const statuses: number[] = [];
  const post = async (i: number) => {
    const res = await api('POST', '/api/driving-sessions', cookie, {
      studentId: student.id,
      date: '2026-05-01',
      // Each its own hour of the day: a drive overlapping another of the learner's is refused.
      startTime: `${String(i).padStart(2, '0')}:00`,
      endTime: `${String(i + 1).padStart(2, '0')}:00`,
      duration: '1.0 hours',
      startSuburb: 'Unley',
      endSuburb: 'Prospect',
      timeOfDay: 'day',
      trafficConditions: 'medium',
      roadConditions: 'busy-road',
      studentSignature: PNG,
      supervisorName: 'Sam Supervisor',
      supervisorLicenseNumber: 'SA55',
      supervisorSignature: PNG,
      clientId: crypto.randomUUID(),
    });
    statuses.push(res.status);
    const list = await api('GET', `/api/driving-sessions/${student.id}`, cookie);
    statuses.push(list.status);
    return list.json?.length;
  };

  for (let i = 0; i < 6; i++) await post(i);
  await stack.stopService('logbook', { index: 0, signal: 'SIGTERM' });
  for (let i = 6; i < 12; i++) await post(i);
  await stack.startService('logbook', { index: 0 });
  await stack.stopService('logbook', { index: 1, signal: 'SIGKILL' });
  let count = 0;
  for (let i = 12; i < 18; i++) count = await post(i);

  expect(statuses.filter((s) => s >= 300)).toEqual([]);
  expect(count).toBe(18);
}, 180_000);
