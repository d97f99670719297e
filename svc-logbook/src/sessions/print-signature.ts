import zlib from 'node:zlib';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(type)) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

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
      for (let i = bpp; i < n; i++) current[i] = line[i] + paeth(current[i - bpp], previous[i], previous[i - bpp]);
  }
}

/**
 * A signature PNG flattened onto white paper as an 8-bit greyscale PNG. The PDF embeds such an image as it is, where
 * an image with transparency has to be unpacked and split in JavaScript: this keeps a long log book fast to make.
 * Accepts the non-interlaced 8-bit PNGs the session form lets in; anything else returns null.
 */
export function printableSignature(png: Buffer): Buffer | null {
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_MAGIC)) return null;
  let width = 0;
  let height = 0;
  let colourType = -1;
  let palette: Buffer | null = null;
  let transparency: Buffer | null = null;
  const data: Buffer[] = [];
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) return null;
      colourType = body[9];
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') transparency = body;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const channels = CHANNELS[colourType];
  if (!channels || !width || !height || (colourType === 3 && !palette)) return null;
  const stride = width * channels;
  let raw: Buffer;
  try {
    raw = zlib.inflateSync(Buffer.concat(data));
  } catch {
    return null;
  }
  if (raw.length < height * (stride + 1)) return null;

  const grey = Buffer.alloc(height * (width + 1)); // each row: filter byte 0, then one byte per pixel
  let previous = new Uint8Array(stride);
  let current = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const rowStart = y * (stride + 1);
    const filter = raw[rowStart];
    if (filter > 4) return null;
    const line = raw.subarray(rowStart + 1, rowStart + 1 + stride);
    unfilter(filter, line, current, previous, channels);
    const out = y * (width + 1) + 1;
    if (colourType === 6) {
      for (let px = 0, p = 0; px < width; px++, p += 4) {
        const luma = (current[p] * 299 + current[p + 1] * 587 + current[p + 2] * 114) / 1000;
        grey[out + px] = Math.round(255 - ((255 - luma) * current[p + 3]) / 255);
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
        if (colourType === 6) a = current[p + 3];
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
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(grey, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
