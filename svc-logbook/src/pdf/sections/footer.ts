import { PRODUCT_NAME } from '@logbook/contracts/constants';
import { formatDisplayDate } from '@logbook/contracts/dates';
import { CONTENT_WIDTH, FOOTER_Y, INK, MARGIN, MUTED, PAGE, RULE } from '../layout';
import type { PageWriter } from '../writer';

/** The foot of every page: whose log book, made when, and "Page X of Y" so a loose page finds its place. */
export function footer(w: PageWriter, name: string, madeOn: string): void {
  w.rule(FOOTER_Y - 6, 0.5, RULE);
  w.text(`${PRODUCT_NAME} - ${name} - made ${formatDisplayDate(madeOn)}`, MARGIN, FOOTER_Y, {
    size: 7.5,
    color: MUTED,
    width: CONTENT_WIDTH - 120,
  });
  w.text(`Page ${w.pageNumber} of ${w.totalPages}`, PAGE.width - MARGIN - 120, FOOTER_Y, {
    font: 'Helvetica-Bold',
    size: 8,
    color: INK,
    width: 120,
    align: 'right',
  });
}
