import { formatDisplayDate } from '@logbook/contracts/dates';
import type { LogbookStudent } from '../contents';
import { MARGIN, MUTED, PANELS_TOP, STUDENT_WIDTH } from '../layout';
import { pdfText } from '../text';
import type { PageWriter } from '../writer';

/** Who the log book belongs to. */
export function studentPanel(w: PageWriter, student: LogbookStudent, name: string, madeOn: string): void {
  const top = PANELS_TOP;
  w.text('STUDENT', MARGIN, top, { font: 'Helvetica-Bold', size: 7.5, color: MUTED });
  // A long name steps down a size before it is shortened.
  const nameSize = w.measure(name, 'Helvetica-Bold', 16) > STUDENT_WIDTH ? 13 : 16;
  w.text(name, MARGIN, top + 12 + (16 - nameSize) / 2, {
    font: 'Helvetica-Bold',
    size: nameSize,
    width: STUDENT_WIDTH,
  });
  const facts: [string, string][] = [
    ['Date of birth', formatDisplayDate(pdfText(student.dateOfBirth))],
    ['Licence number', pdfText(student.licenseNumber) || 'Not recorded'],
    ['Log book made on', formatDisplayDate(madeOn)],
  ];
  facts.forEach(([title, value], i) => {
    w.text(title, MARGIN, top + 38 + i * 15, { size: 9, color: MUTED });
    w.text(value, MARGIN + 95, top + 38 + i * 15, { font: 'Helvetica-Bold', size: 9, width: STUDENT_WIDTH - 95 });
  });
}
