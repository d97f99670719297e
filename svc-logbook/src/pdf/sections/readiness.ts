import type { Readiness } from '@logbook/contracts/readiness';
import { formatDisplayDate } from '@logbook/contracts/dates';
import { BAR_FILL, MARGIN, MUTED, PANELS_TOP, STUDENT_WIDTH } from '../layout';
import type { PageWriter } from '../writer';

/** Below the student's details: would this log book pass today, each check in plain words. */
export function readinessPanel(w: PageWriter, r: Readiness): void {
  let y = PANELS_TOP + 82;
  // No question mark: in this document '?' stands for a character the fonts lack.
  w.text('READY FOR THE DRIVING TEST', MARGIN, y, { font: 'Helvetica-Bold', size: 7.5, color: MUTED });
  const verdict = r.ready ? 'Yes' : 'Not yet';
  const when = r.earliestTestDate ? `earliest test date ${formatDisplayDate(r.earliestTestDate)}` : '';
  w.text(verdict, MARGIN + 122, y - 0.5, { font: 'Helvetica-Bold', size: 8.5, color: BAR_FILL });
  if (when) w.text(when, MARGIN + 126 + w.measure(verdict, 'Helvetica-Bold', 8.5), y, { size: 7.5, color: MUTED });
  y += 10;
  for (const check of r.checks) {
    w.text(`${check.ok ? 'Done:' : '-'} ${check.message}`, MARGIN, y, {
      size: 7,
      width: STUDENT_WIDTH,
      color: check.ok ? undefined : MUTED,
    });
    y += 9;
  }
}
