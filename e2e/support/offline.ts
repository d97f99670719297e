import type { Page } from 'playwright-core';

/** Waits until a service worker controls the page; answers its script's URL. */
export async function waitForServiceWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/**
 * Waits until the worker has cached every remote file under `prefix` that this page fetched (entries and hashed
 * chunks), so the screen opens again offline. Waiting for one file is not enough: the others may still be on their way.
 * Polled from here: `waitForFunction` does not wait for a promise, and would take the pending answer as "ready".
 */
export async function waitForCachedRemote(page: Page, prefix = '/mf/', timeout = 30_000) {
  const deadline = Date.now() + timeout;
  let missing: string[] = [];
  while (Date.now() < deadline) {
    missing = await page.evaluate(async (under) => {
      const fetched = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith(under))
        .filter((url) => url.pathname.endsWith('/remoteEntry.js') || url.pathname.includes('/assets/'));
      if (fetched.length === 0) return [`no file under ${under} was fetched`];
      const uncached: string[] = [];
      for (const url of fetched) {
        if (!(await caches.match(url.href, { ignoreVary: true }))) uncached.push(url.pathname);
      }
      return uncached;
    }, prefix);
    if (missing.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The service worker did not cache these files within ${timeout} ms: ${missing.join(', ')}`);
}
