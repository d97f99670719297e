import PDFDocument from 'pdfkit';
import {
  PRIVATE_SERVICE_STATEMENT,
  PRODUCT_NAME,
  ROAD_LABELS,
  TIME_OF_DAY_LABELS,
  TRAFFIC_LABELS,
} from '@logbook/contracts/constants';
import { formatDisplayDate } from '@logbook/contracts/dates';
import { shortHash } from '@logbook/contracts/hash-chain';
import type { Progress } from '@logbook/contracts/progress';
import type { OpeningBalance } from '../students/model';
import { printableSignature } from '../sessions/print-signature';
import { builtInFontShows, textRuns, type Face, type TextRun } from './fonts';
import { fitText, pdfText } from './text';

export interface LogbookStudent {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  licenseNumber?: string | null;
}

export interface LogbookSession {
  date: string;
  startTime: string;
  endTime: string;
  duration: string;
  startSuburb: string;
  endSuburb: string;
  timeOfDay: string;
  trafficConditions: string;
  roadConditions: string;
  /** Absent only when the stored signatures could not be found: the row says so in their place. */
  studentSignature?: string;
  supervisorName: string;
  supervisorLicenseNumber: string;
  supervisorSignature?: string;
  studentSignaturePrint?: string;
  supervisorSignaturePrint?: string;
  /** The session's link in the tamper-evident chain; its first characters are printed in the row. */
  hash?: string;
}

export interface LogbookVerification {
  code: string;
  url: string;
  /** The QR code of `url`, as a PNG. */
  qr: Buffer;
}

export interface LogbookContents {
  progress: Progress & { openingBalance: Required<OpeningBalance> | null };
  /** At most how many sessions `sessions` yields: the page count is printed on page 1, before they are read. */
  sessionCount: number;
  sessions: AsyncIterable<LogbookSession>;
  verification: LogbookVerification;
}

export interface LogbookInput {
  student: LogbookStudent;
  madeOn: string;
  /** Read once the document has started to flow, so the reader sees bytes at once even for a long log book. */
  contents: () => Promise<LogbookContents>;
}

// A4 landscape, laid out by hand so every page holds a fixed number of rows and "Page X of Y" is known up front,
// which lets the document stream out as it is drawn.
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 36;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const ROW_HEIGHT = 44;
const HEADER_ROW_HEIGHT = 18;
const ROWS_BOTTOM = PAGE.height - 46;
const FIRST_PAGE_TABLE_TOP = 258;
const NEXT_PAGE_TABLE_TOP = 62;
const FOOTER_Y = PAGE.height - 30;

export const ROWS_ON_FIRST_PAGE = Math.floor((ROWS_BOTTOM - FIRST_PAGE_TABLE_TOP - HEADER_ROW_HEIGHT) / ROW_HEIGHT);
export const ROWS_PER_NEXT_PAGE = Math.floor((ROWS_BOTTOM - NEXT_PAGE_TABLE_TOP - HEADER_ROW_HEIGHT) / ROW_HEIGHT);

export function pageCountFor(sessionCount: number): number {
  if (sessionCount <= ROWS_ON_FIRST_PAGE) return 1;
  return 1 + Math.ceil((sessionCount - ROWS_ON_FIRST_PAGE) / ROWS_PER_NEXT_PAGE);
}

// First page: student, progress and the verification panel side by side.
const STUDENT_WIDTH = 250;
const PROGRESS_X = MARGIN + STUDENT_WIDTH + 20;
const VERIFY_X = PAGE.width - MARGIN - 206;
const PROGRESS_WIDTH = VERIFY_X - 22 - PROGRESS_X;

const INK = '#1a1a1a';
const MUTED = '#5b6270';
const RULE = '#c9ced6';
const HEAD_FILL = '#eef1f5';
const SIGNATURE_FRAME = '#d9dde3';
const BAR_TRACK = '#e3e7ec';
const BAR_FILL = '#2f6f4f';

interface Column {
  title: string;
  width: number;
}
const SIGNATURE_WIDTH = 96;
const COLUMNS = {
  no: { title: 'No.', width: 30 },
  date: { title: 'Date', width: 60 },
  start: { title: 'Start', width: 34 },
  end: { title: 'End', width: 34 },
  duration: { title: 'Duration', width: 48 },
  route: { title: 'From / To', width: 0 },
  timeOfDay: { title: 'Day/Night', width: 44 },
  traffic: { title: 'Traffic', width: 42 },
  road: { title: 'Road', width: 60 },
  supervisor: { title: 'Supervisor', width: 122 },
  studentSignature: { title: 'Student signature', width: SIGNATURE_WIDTH },
  supervisorSignature: { title: 'Supervisor signature', width: SIGNATURE_WIDTH },
} satisfies Record<string, Column>;
COLUMNS.route.width = CONTENT_WIDTH - Object.values(COLUMNS).reduce((sum, c) => sum + c.width, 0);
type ColumnName = keyof typeof COLUMNS;
const COLUMN_X = {} as Record<ColumnName, number>;
{
  let x = MARGIN;
  for (const [name, column] of Object.entries(COLUMNS) as [ColumnName, Column][]) {
    COLUMN_X[name] = x;
    x += column.width;
  }
}
const CELL_PAD = 4;

/** The built-in fonts' ascent (from their metrics), where pdfkit puts their baseline below the y it is given. */
const BUILT_IN_ASCENT: Record<string, number> = {
  Helvetica: 718,
  'Helvetica-Bold': 718,
  Courier: 629,
  'Courier-Bold': 629,
};

/**
 * Asking for the default OpenType features has pdfkit shape a run whole rather than word by word, which keeps the
 * words of a right-to-left phrase in right-to-left order.
 */
const WHOLE_RUN = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };

const PNG_PREFIX = 'data:image/png;base64,';
const label = (labels: Record<string, string>, value: string) => labels[value] ?? pdfText(value);
const hours = (n: number) => `${n.toFixed(1)}`;

/** The student's log book as a PDF stream: it starts flowing at once and ends after the last session is drawn. */
export function logbookPdf(request: LogbookInput): PDFKit.PDFDocument {
  const name = pdfText(`${request.student.firstName} ${request.student.lastName}`);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `${PRODUCT_NAME} - ${name}`, Author: PRODUCT_NAME, Subject: 'Supervised driving log' },
  });
  let input: LogbookInput & LogbookContents;
  let totalPages = 1;
  let pageNumber = 1;

  // Text the built-in fonts cannot show is drawn in runs of embedded fonts, each registered once per document.
  const registered = new Set<string>();
  const runsOf = (text: string, font: string): TextRun[] | null =>
    builtInFontShows(text) ? null : textRuns(text, font.endsWith('-Bold') ? 'bold' : 'regular');
  const useFace = (face: Face) => {
    if (!registered.has(face.key)) doc.registerFont(face.key, face.data);
    registered.add(face.key);
    return doc.font(face.key);
  };
  const measure = (text: string, font: string, size: number) => {
    const runs = runsOf(text, font);
    if (!runs) return doc.font(font).fontSize(size).widthOfString(text);
    let width = 0;
    for (const run of runs) width += useFace(run.face).fontSize(size).widthOfString(run.text, WHOLE_RUN);
    return width;
  };

  const write = (
    text: string,
    x: number,
    y: number,
    opts: { font?: string; size?: number; color?: string; width?: number; align?: 'left' | 'right' | 'center' } = {},
  ) => {
    const font = opts.font ?? 'Helvetica';
    const size = opts.size ?? 8;
    doc.fillColor(opts.color ?? INK);
    const shown = opts.width ? fitText(text, opts.width, (s) => measure(s, font, size)) : text;
    const runs = runsOf(shown, font);
    if (!runs) {
      doc.font(font).fontSize(size);
      doc.text(shown, x, y, {
        lineBreak: false,
        ...(opts.width && opts.align ? { width: opts.width, align: opts.align } : {}),
      });
      return;
    }
    // Every run sits on the baseline the built-in font would have used, whatever its own ascent.
    const baseline = y + (BUILT_IN_ASCENT[font] ?? BUILT_IN_ASCENT.Helvetica) * (size / 1000);
    const spare = opts.width && opts.align ? opts.width - measure(shown, font, size) : 0;
    let at = x + (opts.align === 'right' ? spare : opts.align === 'center' ? spare / 2 : 0);
    for (const run of runs) {
      useFace(run.face).fontSize(size);
      doc.text(run.text, at, baseline, { lineBreak: false, baseline: 'alphabetic', ...WHOLE_RUN });
      at += doc.widthOfString(run.text, WHOLE_RUN);
    }
  };

  const footer = () => {
    doc
      .moveTo(MARGIN, FOOTER_Y - 6)
      .lineTo(PAGE.width - MARGIN, FOOTER_Y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    write(`${PRODUCT_NAME} - ${name} - made ${formatDisplayDate(input.madeOn)}`, MARGIN, FOOTER_Y, {
      size: 7.5,
      color: MUTED,
      width: CONTENT_WIDTH - 120,
    });
    write(`Page ${pageNumber} of ${totalPages}`, PAGE.width - MARGIN - 120, FOOTER_Y, {
      font: 'Helvetica-Bold',
      size: 8,
      color: INK,
      width: 120,
      align: 'right',
    });
  };

  const tableHeader = (y: number) => {
    doc.rect(MARGIN, y, CONTENT_WIDTH, HEADER_ROW_HEIGHT).fill(HEAD_FILL);
    for (const [column, spec] of Object.entries(COLUMNS) as [ColumnName, Column][]) {
      write(spec.title, COLUMN_X[column] + CELL_PAD, y + 5.5, {
        font: 'Helvetica-Bold',
        size: 7.5,
        color: INK,
        width: spec.width - 2 * CELL_PAD,
      });
    }
    doc
      .moveTo(MARGIN, y + HEADER_ROW_HEIGHT)
      .lineTo(PAGE.width - MARGIN, y + HEADER_ROW_HEIGHT)
      .lineWidth(0.75)
      .strokeColor(INK)
      .stroke();
    return y + HEADER_ROW_HEIGHT;
  };

  const progressRow = (
    title: string,
    done: number,
    target: number,
    percent: number,
    y: number,
    x: number,
    w: number,
  ) => {
    write(title, x, y, { font: 'Helvetica-Bold', size: 9 });
    write(`${hours(done)} of ${target} hours`, x + 42, y, { size: 9, width: 94 });
    const barX = x + 140;
    const barW = w - 140 - 44;
    doc.roundedRect(barX, y + 1, barW, 7, 3.5).fill(BAR_TRACK);
    if (percent > 0)
      doc.roundedRect(barX, y + 1, Math.max(7, (barW * Math.min(100, percent)) / 100), 7, 3.5).fill(BAR_FILL);
    write(`${percent}%`, x + w - 40, y, { size: 9, width: 40, align: 'right' });
  };

  const firstPageHeader = () => {
    write(PRODUCT_NAME, MARGIN, MARGIN, { font: 'Helvetica-Bold', size: 22 });
    write('Supervised driving log', PAGE.width - MARGIN - 250, MARGIN + 6, {
      size: 11,
      color: MUTED,
      width: 250,
      align: 'right',
    });
    write(PRIVATE_SERVICE_STATEMENT, MARGIN, MARGIN + 30, { size: 8.5, color: MUTED, width: CONTENT_WIDTH });
    doc
      .moveTo(MARGIN, MARGIN + 46)
      .lineTo(PAGE.width - MARGIN, MARGIN + 46)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();

    // Who the log book belongs to.
    const top = MARGIN + 58;
    write('STUDENT', MARGIN, top, { font: 'Helvetica-Bold', size: 7.5, color: MUTED });
    // A long name steps down a size before it is shortened.
    const nameSize = measure(name, 'Helvetica-Bold', 16) > STUDENT_WIDTH ? 13 : 16;
    write(name, MARGIN, top + 12 + (16 - nameSize) / 2, {
      font: 'Helvetica-Bold',
      size: nameSize,
      width: STUDENT_WIDTH,
    });
    const facts: [string, string][] = [
      ['Date of birth', formatDisplayDate(pdfText(input.student.dateOfBirth))],
      ['Licence number', pdfText(input.student.licenseNumber) || 'Not recorded'],
      ['Log book made on', formatDisplayDate(input.madeOn)],
    ];
    facts.forEach(([title, value], i) => {
      write(title, MARGIN, top + 38 + i * 15, { size: 9, color: MUTED });
      write(value, MARGIN + 95, top + 38 + i * 15, { font: 'Helvetica-Bold', size: 9, width: STUDENT_WIDTH - 95 });
    });

    // Progress against the family's targets, the same numbers the screens show.
    const p = input.progress;
    const px = PROGRESS_X;
    const pw = PROGRESS_WIDTH;
    write('PROGRESS TOWARDS TARGET HOURS', px, top, { font: 'Helvetica-Bold', size: 7.5, color: MUTED });
    progressRow('Day', p.dayHours, p.targets.day, p.percent.day, top + 16, px, pw);
    progressRow('Night', p.nightHours, p.targets.night, p.percent.night, top + 32, px, pw);
    progressRow('Total', p.totalHours, p.targets.total, p.percent.total, top + 48, px, pw);
    write('Status', px, top + 68, { font: 'Helvetica-Bold', size: 9 });
    write(p.badge, px + 42, top + 68, { font: 'Helvetica-Bold', size: 9, color: BAR_FILL });
    const badgeWidth = measure(p.badge, 'Helvetica-Bold', 9);
    write(
      `${p.sessionCount} ${p.sessionCount === 1 ? 'session' : 'sessions'} logged, ${hours(p.remaining.total)} hours to go`,
      px + 42 + badgeWidth + 12,
      top + 68,
      { size: 9, color: MUTED, width: pw - 54 - badgeWidth },
    );
    const paper = p.openingBalance;
    if (paper && (paper.dayHours > 0 || paper.nightHours > 0)) {
      const note = pdfText(paper.note);
      write(
        `Includes ${hours(paper.dayHours)} day and ${hours(paper.nightHours)} night hours from a paper log book${note ? ':' : ''}`,
        px,
        top + 86,
        { size: 8, color: MUTED, width: pw },
      );
      if (note) write(note, px, top + 97, { size: 8, color: MUTED, width: pw });
    }

    verificationPanel(top);

    write('Driving sessions', MARGIN, FIRST_PAGE_TABLE_TOP - 20, { font: 'Helvetica-Bold', size: 12 });
    const listed =
      input.sessionCount === 0
        ? 'none yet'
        : `${input.sessionCount} ${input.sessionCount === 1 ? 'session' : 'sessions'}, oldest first`;
    write(listed, MARGIN + 110, FIRST_PAGE_TABLE_TOP - 17.5, {
      size: 8.5,
      color: MUTED,
    });
    return tableHeader(FIRST_PAGE_TABLE_TOP);
  };

  // Anyone holding the paper can check it has not been changed since it was logged, without signing in.
  const verificationPanel = (top: number) => {
    const v = input.verification;
    const x = VERIFY_X;
    const w = PAGE.width - MARGIN - x;
    const qrSize = 88;
    write('CHECK THIS LOG BOOK', x, top, { font: 'Helvetica-Bold', size: 7.5, color: MUTED });
    doc
      .roundedRect(x, top + 13, w, qrSize + 32, 4)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
    doc.image(v.qr as PDFKit.Mixins.ImageSrc, x + 4, top + 17, { width: qrSize, height: qrSize });
    const tx = x + qrSize + 12;
    const tw = x + w - 8 - tx;
    write('Verification code', tx, top + 26, { size: 8, color: MUTED, width: tw });
    write(v.code, tx, top + 38, { font: 'Courier-Bold', size: 9.5, width: tw });
    write('Scan the QR code to see', tx, top + 58, { size: 7.5, color: MUTED, width: tw });
    write('whether any entry was', tx, top + 68, { size: 7.5, color: MUTED, width: tw });
    write('changed after it was logged.', tx, top + 78, { size: 7.5, color: MUTED, width: tw });
    write(v.url, x + 8, top + qrSize + 27, { size: 7, color: INK, width: w - 16 });
  };

  const nextPageHeader = () => {
    write(PRODUCT_NAME, MARGIN, MARGIN, { font: 'Helvetica-Bold', size: 11 });
    write(`${name} - driving sessions (continued)`, MARGIN + 100, MARGIN + 1.5, {
      size: 9,
      color: MUTED,
      width: CONTENT_WIDTH - 100,
    });
    return tableHeader(NEXT_PAGE_TABLE_TOP);
  };

  const signature = (dataUrl: string | undefined, print: string | undefined, column: ColumnName, y: number) => {
    const x = COLUMN_X[column] + CELL_PAD;
    const w = COLUMNS[column].width - 2 * CELL_PAD;
    const h = ROW_HEIGHT - 8;
    doc
      .roundedRect(x - 1, y + 3, w + 2, h + 2, 2)
      .lineWidth(0.5)
      .strokeColor(SIGNATURE_FRAME)
      .stroke();
    try {
      // The greyscale print copy embeds as it is; without one, flatten the original here (one decode per image).
      let png: Buffer;
      if (print) png = Buffer.from(print, 'base64');
      else if (!dataUrl) throw new Error('no signature');
      else {
        const original = Buffer.from(dataUrl.slice(PNG_PREFIX.length), 'base64');
        png = printableSignature(original) ?? original;
      }
      doc.image(png as PDFKit.Mixins.ImageSrc, x, y + 4, { fit: [w, h], align: 'center', valign: 'center' });
    } catch {
      write('Signature unavailable', x, y + 18, { size: 7, color: MUTED, width: w });
    }
  };

  const row = (session: LogbookSession, index: number, y: number) => {
    const cell = (column: ColumnName, text: string, line: number, opts: { font?: string; color?: string } = {}) =>
      write(text, COLUMN_X[column] + CELL_PAD, y + 8 + line * 11, {
        size: 8,
        width: COLUMNS[column].width - 2 * CELL_PAD,
        ...opts,
      });
    cell('no', String(index + 1), 0, { color: MUTED });
    cell('date', formatDisplayDate(pdfText(session.date)), 0, { font: 'Helvetica-Bold' });
    if (session.hash) cell('date', shortHash(session.hash), 1, { font: 'Courier', color: MUTED });
    cell('start', pdfText(session.startTime), 0);
    cell('end', pdfText(session.endTime), 0);
    cell('duration', pdfText(session.duration), 0);
    cell('route', `From: ${pdfText(session.startSuburb)}`, 0);
    cell('route', `To: ${pdfText(session.endSuburb)}`, 1);
    cell('timeOfDay', label(TIME_OF_DAY_LABELS, session.timeOfDay), 0);
    cell('traffic', label(TRAFFIC_LABELS, session.trafficConditions), 0);
    cell('road', label(ROAD_LABELS, session.roadConditions), 0);
    cell('supervisor', pdfText(session.supervisorName), 0, { font: 'Helvetica-Bold' });
    cell('supervisor', `Licence: ${pdfText(session.supervisorLicenseNumber)}`, 1);
    signature(session.studentSignature, session.studentSignaturePrint, 'studentSignature', y);
    signature(session.supervisorSignature, session.supervisorSignaturePrint, 'supervisorSignature', y);
    doc
      .moveTo(MARGIN, y + ROW_HEIGHT)
      .lineTo(PAGE.width - MARGIN, y + ROW_HEIGHT)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };

  const draw = async () => {
    input = { ...request, ...(await request.contents()) };
    totalPages = pageCountFor(input.sessionCount);
    let y = firstPageHeader();
    let rowsLeft = ROWS_ON_FIRST_PAGE;
    let index = 0;
    if (input.sessionCount === 0) {
      write('No driving sessions logged yet.', MARGIN + CELL_PAD, y + 14, { size: 10, color: MUTED });
    }
    for await (const session of input.sessions) {
      if (doc.destroyed) return; // the reader went away
      if (index >= input.sessionCount) break;
      if (rowsLeft === 0) {
        footer();
        doc.addPage();
        pageNumber += 1;
        y = nextPageHeader();
        rowsLeft = ROWS_PER_NEXT_PAGE;
      }
      row(session, index, y);
      y += ROW_HEIGHT;
      rowsLeft -= 1;
      index += 1;
    }
    footer();
    doc.end();
  };
  draw().catch((err: unknown) => doc.destroy(err instanceof Error ? err : new Error(String(err))));
  return doc;
}
