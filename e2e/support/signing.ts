import type { Page } from 'playwright-core';

/** Draws a stroke on the nth signature pad with pointer events (mouse down, moves, up). */
export async function sign(page: Page, nth: number) {
  const canvas = page.getByTestId('signature-canvas').nth(nth);
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(box.x + 20 + step * ((box.width - 60) / 12), y + (step % 2 ? -18 : 18));
  }
  await page.mouse.up();
}
