import { MAX_SIGNATURE_BYTES } from '@logbook/contracts/constants';
import { VALIDATION } from '@logbook/contracts/messages';
import { badRequest } from '@logbook/service-kit/errors';
import { MAX_PIXELS, MAX_SIDE, printableSignature } from './print-signature';

const PREFIX = 'data:image/png;base64,';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// The kinds of PNG the PDF's image decoder draws reliably; a signature pad's canvas always gives 8-bit RGBA.
const DRAWABLE_COLOUR_TYPES = new Set([0, 2, 3, 4, 6]);

/**
 * A signature data URL checked to be a whole, drawable PNG of at most 200 KB, answered as its greyscale print copy
 * (the one full decode both checks the image and makes the copy the PDF embeds).
 */
export async function signatureForPrint(dataUrl: string): Promise<Buffer> {
  if (!dataUrl.startsWith(PREFIX)) throw badRequest(VALIDATION.signatureInvalid);
  const encoded = dataUrl.slice(PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) throw badRequest(VALIDATION.signatureInvalid);
  // Size from the text alone, so an oversize image is refused before it is decoded.
  const padding = encoded.endsWith('==') ? 2 : encoded.endsWith('=') ? 1 : 0;
  if ((encoded.length / 4) * 3 - padding > MAX_SIGNATURE_BYTES) throw badRequest(VALIDATION.signatureTooLarge);
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw badRequest(VALIDATION.signatureInvalid);
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') throw badRequest(VALIDATION.signatureInvalid);
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const bitDepth = bytes[24];
  const colourType = bytes[25];
  const interlace = bytes[28];
  if (
    width < 1 ||
    height < 1 ||
    width > MAX_SIDE ||
    height > MAX_SIDE ||
    width * height > MAX_PIXELS ||
    bitDepth !== 8 ||
    !DRAWABLE_COLOUR_TYPES.has(colourType) ||
    interlace !== 0
  ) {
    throw badRequest(VALIDATION.signatureInvalid);
  }
  // A full decode (checksums, compression, row filters): a damaged image is refused now, not when a PDF draws it.
  const print = await printableSignature(bytes);
  if (!print) throw badRequest(VALIDATION.signatureInvalid);
  return print;
}
