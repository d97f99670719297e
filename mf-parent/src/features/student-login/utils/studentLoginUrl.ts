import { QR_CODE } from '@logbook/contracts/view';
import { paths } from '@logbook/shell-context/shared';

/** The absolute address of the student sign-in page on this site, which the QR code encodes. */
export function studentLoginUrl(origin: string = window.location.origin): string {
  return new URL(paths.studentLogin, origin).href;
}

/** A QR code's modules: `get(x, y)` is true for a dark one. */
export interface QrModules {
  size: number;
  get(x: number, y: number): boolean;
}

/**
 * The code as an SVG data URL: drawn 300 px wide, black squares on white, with a quiet zone of 2 modules on every
 * side so phone cameras read it. Edges stay crisp at any shown size.
 */
export function qrSvgDataUrl(code: QrModules): string {
  const { width, margin, dark, light } = QR_CODE;
  const side = code.size + 2 * margin;
  let squares = '';
  for (let y = 0; y < code.size; y++)
    for (let x = 0; x < code.size; x++) if (code.get(x, y)) squares += `M${x + margin} ${y + margin}h1v1h-1z`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${width}" height="${width}" ` +
    `shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="${light}"/>` +
    `<path fill="${dark}" d="${squares}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
