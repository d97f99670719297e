import fs from 'node:fs';
import path from 'node:path';
import { openBrowser, type Browser, type BrowserOptions } from './chromium';

export const ARTIFACTS_DIR = path.resolve(__dirname, '..', 'artifacts');

/**
 * One browser journey as a jest test: a fresh Chromium for each, and a screenshot of the last page in
 * e2e/artifacts/ when it fails.
 */
export function journey(name: string, run: (browser: Browser) => Promise<void>, options: BrowserOptions = {}) {
  test(name, async () => {
    const browser = await openBrowser(options);
    // Requests that got no answer (offline, aborted, refused by the worker): named in the failure to show what was missing.
    const failedRequests: string[] = [];
    browser.page.on('requestfailed', (request) => {
      failedRequests.push(`${new URL(request.url()).pathname} (${request.failure()?.errorText ?? 'failed'})`);
      if (failedRequests.length > 20) failedRequests.shift();
    });
    try {
      await run(browser);
    } catch (error) {
      fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const file = path.join(
        ARTIFACTS_DIR,
        `${name
          .replace(/[^a-z0-9]+/gi, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase()}.png`,
      );
      await browser.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      if (error instanceof Error)
        error.message +=
          `\n(screenshot of the last page: ${file}; URL ${browser.page.url()})` +
          (failedRequests.length ? `\nRequests that failed: ${[...new Set(failedRequests)].join(', ')}` : '');
      throw error;
    } finally {
      await browser.close();
    }
  });
}
