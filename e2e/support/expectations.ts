import type { Page } from 'playwright-core';

/**
 * Waits until the screen of a path is on display, and fails with the path actually reached. The address bar alone
 * is not enough: it changes when a navigation starts, while the previous screen may stay on display a little longer.
 */
export async function expectPath(page: Page, pathname: string, timeout = 15_000) {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout });
    await page.waitForFunction((path) => document.documentElement.dataset.path === path, pathname, { timeout });
  } catch {
    throw new Error(`Expected to reach ${pathname} but the page is at ${new URL(page.url()).pathname}`);
  }
}

export async function expectHeading(page: Page, name: string | RegExp, timeout = 15_000) {
  await page
    .getByRole('heading', { name, exact: typeof name === 'string' })
    .first()
    .waitFor({ timeout });
}

export async function expectText(page: Page, text: string, timeout = 15_000) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout });
}

/** The toast region shows this title (and description, if given). */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.first().waitFor({ timeout: 15_000 });
  if (description) await toast.getByText(description, { exact: true }).waitFor({ timeout: 5_000 });
}

/** The error shown for a field: the message the input's aria-describedby points at. */
export async function fieldError(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(label, { exact: true });
  const ids = (await input.getAttribute('aria-describedby'))?.split(' ') ?? [];
  for (const id of ids) {
    const el = page.locator(`[id="${id}"][role="alert"]`);
    if (await el.count()) return (await el.textContent()) ?? '';
  }
  return '';
}

export function uniqueEmail(prefix = 'parent') {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A remote's screen has rendered inside the shell: content in the main region, no loading state, no error boundary. */
export async function expectRemoteScreen(page: Page, timeout = 20_000) {
  await page.waitForFunction(
    () => {
      // The landing page's HTML, drawn before the app starts, has a #main of its own: hidden on every other page, and
      // gone once the app has drawn the screen.
      if (document.querySelector('.landing-prerender')) return false;
      const main = document.querySelector('#main');
      if (!main || document.querySelector('[data-testid="remote-error"]')) return false;
      if (main.querySelector('[role="status"].ll-loading')) return false;
      return (main.textContent ?? '').trim().length > 0;
    },
    undefined,
    { timeout },
  );
}
