import type { LogbookVerification } from '../contents';
import { INK, MARGIN, MUTED, PAGE, PANELS_TOP, RULE, VERIFY_X } from '../layout';
import type { PageWriter } from '../writer';

const QR_SIZE = 88;

/** Anyone holding the paper can check it has not been changed since it was logged, without signing in. */
export function verificationPanel(w: PageWriter, v: LogbookVerification): void {
  const top = PANELS_TOP;
  const x = VERIFY_X;
  const width = PAGE.width - MARGIN - x;
  w.text('CHECK THIS LOG BOOK', x, top, { font: 'Helvetica-Bold', size: 7.5, color: MUTED });
  w.outline(x, top + 13, width, QR_SIZE + 32, 4, 0.75, RULE);
  w.doc.image(v.qr as PDFKit.Mixins.ImageSrc, x + 4, top + 17, { width: QR_SIZE, height: QR_SIZE });
  const tx = x + QR_SIZE + 12;
  const tw = x + width - 8 - tx;
  w.text('Verification code', tx, top + 26, { size: 8, color: MUTED, width: tw });
  w.text(v.code, tx, top + 38, { font: 'Courier-Bold', size: 9.5, width: tw });
  w.text('Scan the QR code to see', tx, top + 58, { size: 7.5, color: MUTED, width: tw });
  w.text('whether any entry was', tx, top + 68, { size: 7.5, color: MUTED, width: tw });
  w.text('changed after it was logged.', tx, top + 78, { size: 7.5, color: MUTED, width: tw });
  // The link is printed whole, smaller when the code's letters or the site's name make it wide.
  const linkWidth = width - 16;
  const linkSize = Math.min(7, (7 * linkWidth) / w.measure(v.url, 'Helvetica', 7));
  w.text(v.url, x + 8, top + QR_SIZE + 27, { size: linkSize, color: INK, width: linkWidth });
}
