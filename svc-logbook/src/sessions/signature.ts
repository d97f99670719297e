import { MAX_SIGNATURE_BYTES } from '@logbook/contracts/constants';
import { VALIDATION } from '@logbook/contracts/messages';
import { badRequest } from '@logbook/service-kit/errors';
import { printableSignature } from './print-signature';

const PREFIX = 'data:image/png;base64,';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

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
  // A full decode (the header's kind and size, checksums, compression, row filters): a damaged image is refused now,
  // not when a PDF draws it.
  const print = await printableSignature(Buffer.from(encoded, 'base64'));
  if (!print) throw badRequest(VALIDATION.signatureInvalid);
  return print;
}
