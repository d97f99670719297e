import { INSTALL_PROMPT, OFFLINE_BANNER } from '@logbook/contracts/messages';
import type { Page } from 'playwright-core';
import { expectHeading, expectPath, expectRemoteScreen, expectText, uniqueEmail } from './support/expectations';
import { journey } from './support/journey';
import { waitForCachedRemote, waitForServiceWorker } from './support/offline';
import { startTestStack, type TestStack } from './support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

journey('the service worker at /sw.js is registered on load and controls the page', async ({ page }) => {
  await page.goto(`${stack.url}/`);
  const scriptUrl = await waitForServiceWorker(page);
  expect(new URL(scriptUrl).pathname).toBe('/sw.js');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(scope).toBe(`${stack.url}/`);
});

journey('the app is installable: DevTools reports no installability errors', async ({ page, context }) => {
  await page.goto(`${stack.url}/`);
  await waitForServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: Array<{ errorId: string }>;
  };
  expect(installabilityErrors).toEqual([]);
  const manifest = await (await page.request.get(`${stack.url}/manifest.webmanifest`)).json();
  expect(manifest).toMatchObject({ name: 'Learner Logbook', start_url: '/', display: 'standalone' });
  const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes} ${i.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
});

journey(
  'after one visit, / and /login open offline with the banner, which hides back online',
  async ({ page, context }) => {
    await page.goto(`${stack.url}/`);
    await waitForServiceWorker(page);
    expect(await page.getByTestId('offline-banner').count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await expectHeading(page, /Every supervised drive/);
    await expectText(page, OFFLINE_BANNER.title);
    await expectText(page, OFFLINE_BANNER.description);

    await page.goto(`${stack.url}/login`);
    await expectHeading(page, 'Sign in');
    await expectText(page, OFFLINE_BANNER.title);

    await context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 10_000 });
  },
);

journey('a remote screen visited once opens again offline', async ({ page, context }) => {
  await page.goto(`${stack.url}/`);
  await waitForServiceWorker(page);
  await page.goto(`${stack.url}/student-login`);
  await expectRemoteScreen(page);
  const screenText = await page.locator('#main').innerText();
  await waitForCachedRemote(page);

  await context.setOffline(true);
  await page.reload();
  await expectRemoteScreen(page);
  expect(await page.locator('#main').innerText()).toBe(screenText);
  await expectText(page, OFFLINE_BANNER.title);
});

journey(
  'a remote screen opened on the very first visit, before the worker took control, opens again offline',
  async ({ page, context }) => {
    await page.goto(`${stack.url}/student-login`);
    await expectRemoteScreen(page);
    const screenText = await page.locator('#main').innerText();
    await waitForServiceWorker(page);
    // These files were fetched before the worker existed; the shell hands them to it (CACHE_URLS).
    await waitForCachedRemote(page);

    await context.setOffline(true);
    await page.reload();
    await expectRemoteScreen(page);
    expect(await page.locator('#main').innerText()).toBe(screenText);
  },
);

/** Notes, from before any of the page's own scripts, what #root shows first: a screen's frame, or the app. */
async function notePaintOrder(page: Page) {
  await page.addInitScript(() => {
    const order: string[] = [];
    (window as unknown as { paintOrder: string[] }).paintOrder = order;
    new MutationObserver(() => {
      const root = document.getElementById('root');
      const note = (what: string) => order.includes(what) || order.push(what);
      if (root?.querySelector(':scope > main > .screen-frame[inert]')) note('frame');
      if (root?.querySelector(':scope > .ll-skip-link')) note('app');
    }).observe(document, { childList: true, subtree: true });
  });
}
const paintOrder = (page: Page) => page.evaluate(() => (window as unknown as { paintOrder: string[] }).paintOrder);

journey(
  "a parent's dashboard is painted from its frame before the app's code runs, first from the network, then from the worker's cache",
  async ({ page }) => {
    const email = uniqueEmail('frame');
    for (const [path, data] of [
      ['/api/register', { email, password: 'frame-password' }],
      ['/api/login', { email, password: 'frame-password' }],
    ] as const) {
      const res = await page.request.post(`${stack.url}${path}`, { data, headers: { Origin: stack.url } });
      expect(res.status()).toBeLessThan(300);
    }
    await notePaintOrder(page);

    // The first visit, before the worker: the frame from the network, then the app draws the screen.
    await page.goto(`${stack.url}/dashboard`);
    await expectText(page, email);
    expect(await paintOrder(page)).toEqual(['frame', 'app']);
    await waitForServiceWorker(page);

    // Under the worker the page asks for the remote's frames (kept by the worker), then paints them first.
    await page.reload();
    await expectText(page, email);
    await page.reload();
    await expectText(page, email);
    expect(await paintOrder(page)).toEqual(['frame', 'app']);
    // The screen itself replaced the frame, and it works: its Logout signs out.
    expect(await page.locator('.screen-frame').count()).toBe(0);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/login');
  },
);

journey(
  'the install prompt shows only when the browser offers installation, and hides on dismiss',
  async ({ page }) => {
    // Chromium may offer installation by itself at any moment; only the journey's offers reach the app here.
    await page.addInitScript(() => {
      window.addEventListener(
        'beforeinstallprompt',
        (event) => {
          if (!(event as Event & { fromJourney?: boolean }).fromJourney) event.stopImmediatePropagation();
        },
        { capture: true },
      );
    });
    await page.goto(`${stack.url}/`);
    await expectHeading(page, /Every supervised drive/);
    expect(await page.getByTestId('install-prompt').count()).toBe(0);

    // The journey plays the browser's part.
    const offer = async () =>
      page.evaluate(() => {
        const event = new Event('beforeinstallprompt', { cancelable: true });
        const w = window as unknown as { installPrompted: number };
        w.installPrompted = 0;
        Object.assign(event, {
          fromJourney: true,
          prompt: async () => {
            w.installPrompted += 1;
          },
          userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
        });
        window.dispatchEvent(event);
      });

    await offer();
    const prompt = page.getByTestId('install-prompt');
    await prompt.waitFor();
    await prompt.getByText('Install Learner Logbook', { exact: true }).waitFor();
    await prompt.getByText(INSTALL_PROMPT.description, { exact: true }).waitFor();
    await prompt.getByRole('button', { name: 'Dismiss' }).click();
    await prompt.waitFor({ state: 'detached' });

    await offer();
    await prompt.getByRole('button', { name: 'Install', exact: true }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { installPrompted: number }).installPrompted)).toBe(1);
  },
);
