import { promisify } from 'node:util';
import zlib from 'node:zlib';

const inflate = promisify(zlib.inflate);

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// The kinds of PNG the PDF's image decoder draws reliably (a signature pad's canvas always gives 8-bit RGBA), with
// the channels each has.
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** The largest picture decoded: its size, as the header declares it, bounds what the image data may unpack to. */
const MAX_SIDE = 2400;
const MAX_PIXELS = 2_000_000;

/** One PNG chunk: its length, type, data and checksum. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(type)) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** Undo one row's PNG filter into `current`, given the row above (all zeros for the first). */
function unfilter(filter: number, line: Uint8Array, current: Uint8Array, previous: Uint8Array, bpp: number) {
  const n = line.length;
  switch (filter) {
    case 0:
      current.set(line);
      break;
    case 1:
      for (let i = 0; i < bpp; i++) current[i] = line[i];
      for (let i = bpp; i < n; i++) current[i] = line[i] + current[i - bpp];
      break;
    case 2:
      for (let i = 0; i < n; i++) current[i] = line[i] + previous[i];
      break;
    case 3:
      for (let i = 0; i < bpp; i++) current[i] = line[i] + (previous[i] >> 1);
      for (let i = bpp; i < n; i++) current[i] = line[i] + ((current[i - bpp] + previous[i]) >> 1);
      break;
    default:
      for (let i = 0; i < bpp; i++) current[i] = line[i] + previous[i];
      for (let i = bpp; i < n; i++) {
        const a = current[i - bpp];
        const b = previous[i];
        const c = previous[i - bpp];
        const pa = b > c ? b - c : c - b;
        const pb = a > c ? a - c : c - a;
        const pc = a + b > 2 * c ? a + b - 2 * c : 2 * c - a - b;
        current[i] = line[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
  }
}

/** The PNG's image data, checked whole: chunk checksums, the header, the palette an indexed image needs, the end. */
function readChunks(png: Buffer) {
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_MAGIC)) return null;
  let header: Buffer | null = null;
  let palette: Buffer | null = null;
  let transparency: Buffer | null = null;
  const data: Buffer[] = [];
  let ended = false;
  for (let at = 8; !ended;) {
    if (at + 12 > png.length) return null;
    const length = png.readUInt32BE(at);
    if (length > png.length - at - 12) return null;
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (zlib.crc32(body, zlib.crc32(type)) >>> 0 !== png.readUInt32BE(at + 8 + length)) return null;
    if (!header && type !== 'IHDR') return null;
    if (type === 'IHDR') {
      if (header || length !== 13) return null;
      header = body;
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') transparency = body;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') ended = true;
    at += 12 + length;
  }
  if (!header || data.length === 0) return null;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const colourType = header[9];
  // 8 bits per channel, standard compression and filtering, not interlaced: what a signature pad's canvas gives.
  if (header[8] !== 8 || header[10] !== 0 || header[11] !== 0 || header[12] !== 0) return null;
  const channels = CHANNELS[colourType];
  if (!channels || !width || !height || (colourType === 3 && !palette)) return null;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) return null;
  return { width, height, colourType, channels, palette, transparency, data };
}

type PngImage = NonNullable<ReturnType<typeof readChunks>>;

/**
 * A signature PNG flattened onto white paper as an 8-bit greyscale PNG. The PDF embeds such an image as it is, where
 * an image with transparency has to be unpacked and split in JavaScript: this keeps a long log book fast to make.
 * The whole image is checked on the way (checksums, compression, row filters, exact size), so a damaged image gives
 * null: one decode both accepts a signature and makes its print copy. The image data is inflated off the event loop
 * and never past the size its header declares, so a small file that unpacks to a huge one is refused at that size.
 */
export async function printableSignature(png: Buffer): Promise<Buffer | null> {
  const image = readChunks(png);
  if (!image) return null;
  const expected = image.height * (image.width * image.channels + 1);
  let raw: Buffer;
  try {
    raw = await inflate(image.data.length === 1 ? image.data[0] : Buffer.concat(image.data), {
      maxOutputLength: expected,
    });
  } catch {
    return null;
  }
  return raw.length === expected ? greyscale(image, raw) : null;
}

/** The image's rows, unfiltered and flattened onto white, as a greyscale PNG (null for an unknown row filter). */
function greyscale(image: PngImage, raw: Buffer): Buffer | null {
  const { width, height, colourType, channels, palette, transparency } = image;
  const stride = width * channels;
  const grey = Buffer.alloc(height * (width + 1)); // each row: filter byte 0, then one byte per pixel
  let previous = new Uint8Array(stride);
  let current = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const rowStart = y * (stride + 1);
    const filter = raw[rowStart];
    if (filter > 4) return null;
    // A plain Uint8Array view (not a Buffer): the row loops then see one array type and stay fast.
    const line = new Uint8Array(raw.buffer, raw.byteOffset + rowStart + 1, stride);
    unfilter(filter, line, current, previous, channels);
    const out = y * (width + 1) + 1;
    if (colourType === 6) {
      for (let px = 0, p = 0; px < width; px++, p += 4) {
        const a = current[p + 3];
        const r = current[p];
        // Blank paper (transparent, or opaque white) is by far the most of a signature.
        if (a === 0 || (a === 255 && r === 255 && current[p + 1] === 255 && current[p + 2] === 255)) {
          grey[out + px] = 255;
          continue;
        }
        const luma = (r * 299 + current[p + 1] * 587 + current[p + 2] * 114) / 1000;
        grey[out + px] = Math.round(255 - ((255 - luma) * a) / 255);
      }
      [previous, current] = [current, previous];
      continue;
    }
    for (let px = 0; px < width; px++) {
      const p = px * channels;
      let r: number;
      let g: number;
      let b: number;
      let a = 255;
      if (colourType === 3) {
        const index = current[p];
        r = palette![index * 3] ?? 255;
        g = palette![index * 3 + 1] ?? 255;
        b = palette![index * 3 + 2] ?? 255;
        if (transparency && index < transparency.length) a = transparency[index];
      } else if (colourType === 0 || colourType === 4) {
        r = g = b = current[p];
        if (colourType === 4) a = current[p + 1];
      } else {
        r = current[p];
        g = current[p + 1];
        b = current[p + 2];
      }
      const luma = (r * 299 + g * 587 + b * 114) / 1000;
      // Transparent parts of the pad are paper: blend towards white.
      grey[out + px] = Math.round(255 - ((255 - luma) * a) / 255);
    }
    [previous, current] = [current, previous];
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    PNG_MAGIC,
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(grey, { level: 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
