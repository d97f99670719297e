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
        error.message += `\n(screenshot of the last page: ${file}; URL ${browser.page.url()})`;
      throw error;
    } finally {
      await browser.close();
    }
  });
}
