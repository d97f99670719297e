// Draws the app icons (a learner "L" plate) as PNGs for the web manifest: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const PLATE = [250, 204, 21];
const INK = [17, 24, 39];
const BRAND = [29, 78, 216];

/** Coverage of one pixel by a shape, from a 4x4 grid of samples, for smooth edges. */
function coverage(x, y, inside) {
  let hits = 0;
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if (inside(x + (i + 0.5) / 4, y + (j + 0.5) / 4)) hits++;
  return hits / 16;
}

const inRoundRect = (x0, y0, x1, y1, r) => (x, y) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};

function icon(size, { maskable }) {
  const png = new PNG({ width: size, height: size });
  const layers = [];
  const s = size;
  if (maskable) {
    // Full bleed: the platform crops to its own shape, so the plate fills the safe zone (inner 80%).
    layers.push([BRAND, () => true]);
    const m = s * 0.18;
    layers.push([PLATE, inRoundRect(m, m, s - m, s - m, s * 0.06)]);
    layers.push([INK, lGlyph(m, s - 2 * m)]);
  } else {
    layers.push([BRAND, inRoundRect(0, 0, s, s, s * 0.22)]);
    const m = s * 0.12;
    layers.push([PLATE, inRoundRect(m, m, s - m, s - m, s * 0.08)]);
    layers.push([INK, lGlyph(m, s - 2 * m)]);
  }
  for (let y = 0; y < s; y++) {
    for (let x = 0; x < s; x++) {
      let rgb = [0, 0, 0];
      let alpha = 0;
      for (const [color, inside] of layers) {
        const c = coverage(x, y, inside);
        if (c === 0) continue;
        // "Over" compositing with straight (not premultiplied) colour.
        const outAlpha = c + alpha * (1 - c);
        rgb = rgb.map((v, k) => (color[k] * c + v * alpha * (1 - c)) / outAlpha);
        alpha = outAlpha;
      }
      const i = (y * s + x) * 4;
      png.data[i] = Math.round(rgb[0]);
      png.data[i + 1] = Math.round(rgb[1]);
      png.data[i + 2] = Math.round(rgb[2]);
      png.data[i + 3] = Math.round(alpha * 255);
    }
  }
  return PNG.sync.write(png);
}

/** A bold capital L centred on a plate that starts at `offset` and is `side` wide. */
function lGlyph(offset, side) {
  const stroke = side * 0.17;
  const left = offset + side * 0.3;
  const top = offset + side * 0.2;
  const bottom = offset + side * 0.8;
  const right = offset + side * 0.72;
  return (x, y) =>
    (x >= left && x <= left + stroke && y >= top && y <= bottom) ||
    (x >= left && x <= right && y >= bottom - stroke && y <= bottom);
}

mkdirSync(out, { recursive: true });
const files = {
  'icon-192.png': icon(192, { maskable: false }),
  'icon-512.png': icon(512, { maskable: false }),
  'icon-maskable-512.png': icon(512, { maskable: true }),
  'apple-touch-icon.png': icon(180, { maskable: true }),
};
for (const [name, data] of Object.entries(files)) writeFileSync(join(out, name), data);
console.log(`Wrote ${Object.keys(files).join(', ')} to ${out}`);
