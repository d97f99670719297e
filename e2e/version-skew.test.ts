import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { paths } from '@logbook/shell-context/routes';
import { expectHeading, expectPath, expectRemoteScreen, uniqueEmail } from './support/expectations';
import { release, startFrontEndServer, type FrontEndServer } from './support/frontEndServer';
import { journey } from './support/journey';
import { buildRelease, buildReleaseAt } from './support/releaseBuild';
import { sign } from './support/signing';
import { startTestStack, type TestStack } from './support/stack';

/**
 * Releases under an open page, on real builds: each front end is served by the images' nginx configuration, and the
 * gateway routes to those servers (SHELL_URL, MF_*_URL) as it does when deployed.
 */
const ROOT = path.resolve(__dirname, '..');
const FRONT_ENDS = {
  shell: 'SHELL_URL',
  'mf-parent': 'MF_PARENT_URL',
  'mf-student': 'MF_STUDENT_URL',
  'mf-sessions': 'MF_SESSIONS_URL',
};
type FrontEnd = keyof typeof FRONT_ENDS;

let stack: TestStack;
const servers = {} as Record<FrontEnd, FrontEndServer>;
/** Each front end's current build (the working tree's dist), released to its server before every journey. */
const current = {} as Record<FrontEnd, string>;

beforeAll(async () => {
  for (const name of Object.keys(FRONT_ENDS) as FrontEnd[]) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `logbook-serve-${name}-`));
    servers[name] = await startFrontEndServer(root);
    process.env[FRONT_ENDS[name]] = servers[name].url;
  }
  try {
    stack = await startTestStack();
  } finally {
    for (const variable of Object.values(FRONT_ENDS)) delete process.env[variable];
  }
  for (const name of Object.keys(FRONT_ENDS) as FrontEnd[]) {
    current[name] = path.join(ROOT, name, 'dist');
    release(current[name], servers[name].root);
  }
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await Promise.all(Object.values(servers).map((s) => s.stop()));
});

beforeEach(async () => {
  for (const name of Object.keys(FRONT_ENDS) as FrontEnd[]) {
    await servers[name].start().catch(() => undefined);
    release(current[name], servers[name].root);
  }
});

/** A signed-in parent with one student whose subscription is active (the simulated billing flow). */
async function parentWithStudent(page: Page): Promise<number> {
  const api = page.request;
  const email = uniqueEmail('skew');
  const password = 'correct horse 1';
  expect((await api.post(`${stack.url}/api/register`, { data: { email, password } })).status()).toBeLessThan(300);
  expect((await api.post(`${stack.url}/api/login`, { data: { email, password } })).status()).toBe(200);
  const created = await api.post(`${stack.url}/api/students`, {
    data: { firstName: 'Sam', lastName: 'Learner', dateOfBirth: '2008-05-01', licenseNumber: 'L123' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const sub = await api.post(`${stack.url}/api/create-subscription`, { data: { studentId: id } });
  const { clientSecret } = (await sub.json()) as { clientSecret: string };
  expect((await api.post(`${stack.url}/api/billing/simulate/confirm`, { data: { clientSecret } })).status()).toBe(200);
  return id;
}

/** Records on the page whether the error screen was ever drawn, however briefly. */
async function watchForErrorScreen(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="remote-error"]')) document.documentElement.dataset.sawRemoteError = '1';
    }).observe(document, { childList: true, subtree: true });
  });
}

journey(
  'a remote released under an open page: its next screen opens from the new release without an error',
  async ({ page }) => {
    const next = buildRelease('mf-sessions', {
      // The release's one visible change: its session form marks the page when its module runs.
      edit: {
        'src/app/routes/NewSession.tsx': (text) =>
          `${text}\ndocument.documentElement.dataset.sessionsRelease = 'next';\n`,
      },
      env: { GIT_COMMIT: 'next-release' },
    });
    expect(JSON.parse(fs.readFileSync(path.join(next, 'version.json'), 'utf8')).commit).toBe('next-release');
    await watchForErrorScreen(page);
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404 && r.url().includes('/mf/sessions/assets/')) missing.push(new URL(r.url()).pathname);
    });

    const studentId = await parentWithStudent(page);
    await page.goto(`${stack.url}${paths.studentSessions(studentId)}`);
    await expectRemoteScreen(page);
    const before = (await (await page.request.get(`${stack.url}/mf/sessions/version.json`)).json()) as {
      commit: string;
    };
    expect(before.commit).not.toBe('next-release');

    // mf-sessions is released: its old chunks are gone from its server. No shell rebuild, no gateway restart.
    release(next, servers['mf-sessions'].root);
    const after = (await (await page.request.get(`${stack.url}/mf/sessions/version.json`)).json()) as {
      commit: string;
    };
    expect(after.commit).toBe('next-release');

    await page.getByRole('link', { name: 'New Session' }).first().click();
    await expectPath(page, paths.newSession(studentId));
    await expectRemoteScreen(page);
    await page.waitForFunction(() => document.documentElement.dataset.sessionsRelease === 'next', undefined, {
      timeout: 15_000,
    });
    // The page did ask the old release for its chunk, and never showed the error screen.
    expect(missing.some((p) => /\/mf\/sessions\/assets\/NewSession-/.test(p))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.sawRemoteError ?? '')).toBe('');
    expect(await page.getByTestId('remote-error').count()).toBe(0);
  },
);

journey(
  'a remote built for a shared package version the shell does not offer is refused on its own screens only',
  async ({ page }) => {
    const incompatible = buildRelease('mf-student', {
      env: { LOGBOOK_SHARED_VERSIONS: JSON.stringify({ '@logbook/shell-context': '2.0.0' }) },
    });
    const manifest = JSON.parse(fs.readFileSync(path.join(incompatible, 'version.json'), 'utf8'));
    expect(manifest.shared['@logbook/shell-context']).toEqual({ version: '2.0.0', requiredVersion: '^2.0.0' });
    release(incompatible, servers['mf-student'].root);

    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${stack.url}${paths.studentLogin}`);
    await expectHeading(page, 'This part of the app has been updated');
    await page.getByRole('button', { name: 'Reload' }).waitFor();
    expect(await page.getByTestId('remote-error').count()).toBe(0);
    const logged = errors.find((e) => e.includes('@logbook/shell-context'));
    expect(logged).toMatch(/mf_student/);
    expect(logged).toMatch(/needs \^2\.0\.0/);
    expect(logged).toMatch(/offers 1\.3\.0/);

    // The other remotes keep working in the same page.
    const studentId = await parentWithStudent(page);
    await page.goto(`${stack.url}${paths.studentSessions(studentId)}`);
    await expectRemoteScreen(page);
    await expectHeading(page, 'Sam Learner');
    await page.goto(`${stack.url}${paths.dashboard}`);
    await expectRemoteScreen(page);
  },
);

/** The last commit of the previous release (1.2), the oldest the shell still runs. */
const PREVIOUS_RELEASE = '6f6c2a7';

/** Everything in the IndexedDB outbox of this page's origin, as the release that wrote it stored it. */
function outboxEntries(page: Page): Promise<Array<{ clientId: string; payload: Record<string, unknown> }>> {
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

journey(
  "a session saved offline by the previous release of mf-sessions, in today's shell, is accepted by the services",
  async ({ page, context }) => {
    const older = buildReleaseAt(PREVIOUS_RELEASE, 'mf-sessions');
    release(older, servers['mf-sessions'].root);
    const studentId = await parentWithStudent(page);
    await page.goto(`${stack.url}${paths.newSession(studentId)}`);
    await page.getByTestId('student-name').waitFor();
    await page.getByLabel('Start Time', { exact: true }).fill('07:00');
    await page.getByLabel('End Time', { exact: true }).fill('08:30');
    await page.getByLabel('Start Suburb', { exact: true }).fill('Older Release');
    await page.getByLabel('End Suburb', { exact: true }).fill('Adelaide');
    await page.getByLabel('Time of Day', { exact: true }).selectOption('day');
    await page.getByLabel('Traffic Conditions', { exact: true }).selectOption('medium');
    await page.getByLabel('Road Conditions', { exact: true }).selectOption('busy-road');
    await page.getByLabel('Weather', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('Full Name', { exact: true }).fill('Pat Driver');
    await page.getByLabel("Driver's License Number", { exact: true }).fill('SA998877');
    await sign(page, 0);
    await sign(page, 1);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Submit Session' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Saved offline' }).first().waitFor();
    const queued = await outboxEntries(page);
    expect(queued).toHaveLength(1);
    expect(queued[0].payload).toMatchObject({ startSuburb: 'Older Release' });

    // Back online, the release still in the page sends it to today's services, which take it.
    await context.setOffline(false);
    const deadline = Date.now() + 30_000;
    while ((await outboxEntries(page)).length > 0 && Date.now() < deadline) await page.waitForTimeout(250);
    expect(await outboxEntries(page)).toEqual([]);
    const sessions = (await (
      await page.request.get(`${stack.url}/api/driving-sessions/${studentId}`)
    ).json()) as Array<{ startSuburb: string; clientId?: string }>;
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ startSuburb: 'Older Release', clientId: queued[0].clientId });
  },
  // Offline emulation must see every request, so the service worker stays out of this journey.
  { serviceWorkers: 'block' },
);

journey(
  'a remote whose server is down shows the message and Retry; the others work, and Retry recovers',
  async ({ page }) => {
    const studentId = await parentWithStudent(page);
    await servers['mf-parent'].stop();
    await page.goto(`${stack.url}${paths.dashboard}`);
    await expectHeading(page, 'This part of the app could not load');
    await page.getByRole('button', { name: 'Retry' }).waitFor();

    await page.goto(`${stack.url}${paths.studentSessions(studentId)}`);
    await expectRemoteScreen(page);
    await expectHeading(page, 'Sam Learner');
    await page.goto(`${stack.url}${paths.studentLogin}`);
    await expectRemoteScreen(page);

    await page.goto(`${stack.url}${paths.dashboard}`);
    await expectHeading(page, 'This part of the app could not load');
    await servers['mf-parent'].start();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectRemoteScreen(page);
    expect(await page.getByTestId('remote-error').count()).toBe(0);
  },
);

journey('the API reference renders at /api/docs within its own policy', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await page.goto(`${stack.url}/api/docs`);
  await expectHeading(page, /Learner Logbook API/, 30_000);
  await expectHeading(page, /Log a driving session/);
  // Only the reader's own advertisement, an image from its maker's site, is kept out: nothing leaves the origin.
  expect(refused.filter((r) => !r.includes('https://cdn.redoc.ly/'))).toEqual([]);
});

journey('every piece reports its version, and one that cannot be reached is marked', async ({ page }) => {
  await servers['mf-student'].stop();
  const res = await page.request.get(`${stack.url}/api/versions`);
  expect(res.status()).toBe(200);
  const { pieces } = (await res.json()) as { pieces: Array<{ name: string; status: string; version?: string }> };
  expect(pieces.map((p) => p.name).sort()).toEqual(
    [
      'gateway',
      'svc-auth',
      'svc-students',
      'svc-billing',
      'svc-logbook',
      'shell',
      'mf-parent',
      'mf-student',
      'mf-sessions',
    ].sort(),
  );
  for (const p of pieces) {
    if (p.name === 'mf-student') expect(p).toMatchObject({ status: 'unreachable' });
    else expect(p).toMatchObject({ status: 'running', version: '1.0.0' });
  }
  for (const name of ['shell', 'mf-parent', 'mf-sessions']) {
    const v = (await (
      await page.request.get(`${stack.url}${name === 'shell' ? '' : `/mf/${name.slice(3)}`}/version.json`)
    ).json()) as {
      name: string;
      shared: Record<string, unknown>;
    };
    expect(v.name).toBe(name);
    expect(Object.keys(v.shared)).toContain('@logbook/shell-context');
  }
});
