import { bonusText, courseText } from '@logbook/contracts/progress';
import type { LogbookProgress } from '../contents';
import { BAR_FILL, BAR_TRACK, MUTED, PANELS_TOP, PROGRESS_WIDTH, PROGRESS_X } from '../layout';
import { pdfText } from '../text';
import type { PageWriter } from '../writer';

const hours = (n: number) => `${n.toFixed(1)}`;

/** Progress against the family's targets, the same numbers the screens show. */
export function progressPanel(w: PageWriter, p: LogbookProgress): void {
  const top = PANELS_TOP;
  const x = PROGRESS_X;
  const width = PROGRESS_WIDTH;
  w.text('PROGRESS TOWARDS TARGET HOURS', x, top, { font: 'Helvetica-Bold', size: 7.5, color: MUTED });
  progressBar(w, 'Day', p.dayHours, p.targets.day, p.percent.day, top + 16);
  progressBar(w, 'Night', p.nightHours, p.targets.night, p.percent.night, top + 32);
  progressBar(w, 'Total', p.totalHours, p.targets.total, p.percent.total, top + 48);
  w.text('Status', x, top + 68, { font: 'Helvetica-Bold', size: 9 });
  w.text(p.badge, x + 42, top + 68, { font: 'Helvetica-Bold', size: 9, color: BAR_FILL });
  const badgeWidth = w.measure(p.badge, 'Helvetica-Bold', 9);
  w.text(
    `${p.sessionCount} ${p.sessionCount === 1 ? 'session' : 'sessions'} logged, ${hours(p.remaining.total)} hours to go`,
    x + 42 + badgeWidth + 12,
    top + 68,
    { size: 9, color: MUTED, width: width - 54 - badgeWidth },
  );
  let line = top + 86;
  const bonus = bonusText(p);
  const course = courseText(p);
  // The same words as the screens: the bonus is already in the day and total hours above.
  for (const said of [bonus && `Total hours ${bonus} with a driving instructor`, course && `Total hours ${course}`]) {
    if (!said) continue;
    w.text(said, x, line, { size: 8, color: MUTED, width });
    line += 11;
  }
  const paper = p.openingBalance;
  if (paper && (paper.dayHours > 0 || paper.nightHours > 0)) {
    const note = pdfText(paper.note);
    w.text(
      `Includes ${hours(paper.dayHours)} day and ${hours(paper.nightHours)} night hours from a paper log book${note ? ':' : ''}`,
      x,
      line,
      { size: 8, color: MUTED, width },
    );
    if (note) w.text(note, x, line + 11, { size: 8, color: MUTED, width });
  }
}

/** One line of the panel: hours done of the target, a bar, and the percentage. */
function progressBar(w: PageWriter, title: string, done: number, target: number, percent: number, y: number): void {
  const x = PROGRESS_X;
  const width = PROGRESS_WIDTH;
  w.text(title, x, y, { font: 'Helvetica-Bold', size: 9 });
  w.text(`${hours(done)} of ${target} hours`, x + 42, y, { size: 9, width: 94 });
  const barX = x + 140;
  const barW = width - 140 - 44;
  w.doc.roundedRect(barX, y + 1, barW, 7, 3.5).fill(BAR_TRACK);
  if (percent > 0)
    w.doc.roundedRect(barX, y + 1, Math.max(7, (barW * Math.min(100, percent)) / 100), 7, 3.5).fill(BAR_FILL);
  w.text(`${percent}%`, x + width - 40, y, { size: 9, width: 40, align: 'right' });
}
