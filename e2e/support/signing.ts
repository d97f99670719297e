import type { Page } from 'playwright-core';

/**
 * Draws a stroke on the nth signature pad with pointer events (mouse down, moves, up). The pad is brought to the
 * middle of the screen first, clear of what stays at the screen's edges (the install offer, the offline bar).
 */
export async function sign(page: Page, nth: number) {
  const canvas = page.getByTestId('signature-canvas').nth(nth);
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(box.x + 20 + step * ((box.width - 60) / 12), y + (step % 2 ? -18 : 18));
  }
  await page.mouse.up();
}
