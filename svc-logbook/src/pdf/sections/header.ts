import { PRIVATE_SERVICE_STATEMENT, PRODUCT_NAME } from '@logbook/contracts/constants';
import { CONTENT_WIDTH, INK, MARGIN, MUTED, PAGE } from '../layout';
import type { PageWriter } from '../writer';

/** The top of page 1: the product, what the document is, and that the service is a private one. */
export function titleBlock(w: PageWriter): void {
  w.text(PRODUCT_NAME, MARGIN, MARGIN, { font: 'Helvetica-Bold', size: 22 });
  w.text('Supervised driving log', PAGE.width - MARGIN - 250, MARGIN + 6, {
    size: 11,
    color: MUTED,
    width: 250,
    align: 'right',
  });
  w.text(PRIVATE_SERVICE_STATEMENT, MARGIN, MARGIN + 30, { size: 8.5, color: MUTED, width: CONTENT_WIDTH });
  w.rule(MARGIN + 46, 1, INK);
}

/** The top of every later page: whose sessions continue here. */
export function continuationHeading(w: PageWriter, name: string): void {
  w.text(PRODUCT_NAME, MARGIN, MARGIN, { font: 'Helvetica-Bold', size: 11 });
  w.text(`${name} - driving sessions (continued)`, MARGIN + 100, MARGIN + 1.5, {
    size: 9,
    color: MUTED,
    width: CONTENT_WIDTH - 100,
  });
}
