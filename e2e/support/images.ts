import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** A real PNG like the signature pad makes (one stroke), for sessions logged through the API. */
export function signaturePng(): string {
  const png = new PNG({ width: 400, height: 150 });
  png.data.fill(255);
  for (let x = 40; x < 360; x++) {
    const i = (75 * 400 + x) * 4;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = 0;
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

/** The text a QR code in a screenshot holds, read the way a phone camera would. */
export function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}
