import { ROAD_LABELS, TIME_OF_DAY_LABELS, TRAFFIC_LABELS, WEATHER_LABELS } from '@logbook/contracts/constants';
import { formatDisplayDate } from '@logbook/contracts/dates';
import { SESSION_FIELDS, fieldsWhere, type SessionFieldRegistry } from '@logbook/contracts/session-fields';
import { shortHash } from '@logbook/contracts/hash-chain';
import type { LogbookSession } from '../contents';
import {
  CONTENT_WIDTH,
  FIRST_PAGE_TABLE_TOP,
  HEAD_FILL,
  HEADER_ROW_HEIGHT,
  INK,
  STRUCK,
  MARGIN,
  MUTED,
  ROW_HEIGHT,
  RULE,
  SIGNATURE_FRAME,
} from '../layout';
import { pdfText } from '../text';
import type { PageWriter } from '../writer';

interface Column {
  title: string;
  width: number;
}
const SIGNATURE_WIDTH = 88;
const COLUMNS = {
  no: { title: 'No.', width: 26 },
  date: { title: 'Date', width: 58 },
  start: { title: 'Start', width: 32 },
  end: { title: 'End', width: 32 },
  duration: { title: 'Duration', width: 46 },
  route: { title: 'From / To', width: 0 },
  timeOfDay: { title: 'Day/Night', width: 44 },
  traffic: { title: 'Traffic', width: 40 },
  road: { title: 'Road', width: 56 },
  weather: { title: 'Weather', width: 52 },
  supervisor: { title: 'Supervisor', width: 100 },
  studentSignature: { title: 'Student signature', width: SIGNATURE_WIDTH },
  supervisorSignature: { title: 'Supervisor signature', width: SIGNATURE_WIDTH },
} satisfies Record<string, Column>;
// The route takes whatever width the other columns leave.
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

const label = (labels: Record<string, string>, value: string) => labels[value] ?? pdfText(value);

/** The table's title on page 1, with how many sessions follow (and how many of them are struck through). */
export function sessionsHeading(w: PageWriter, sessionCount: number, struckCount = 0): void {
  w.text('Driving sessions', MARGIN, FIRST_PAGE_TABLE_TOP - 20, { font: 'Helvetica-Bold', size: 12 });
  const inForce = sessionCount - struckCount;
  const struck = struckCount > 0 ? `, and ${struckCount} corrected or removed (struck through, not counted)` : '';
  const listed =
    sessionCount === 0 ? 'none yet' : `${inForce} ${inForce === 1 ? 'session' : 'sessions'}, oldest first${struck}`;
  w.text(listed, MARGIN + 110, FIRST_PAGE_TABLE_TOP - 17.5, { size: 8.5, color: MUTED });
}

/** The column titles at `y`; answers where the first row starts. */
export function tableHeader(w: PageWriter, y: number): number {
  w.doc.rect(MARGIN, y, CONTENT_WIDTH, HEADER_ROW_HEIGHT).fill(HEAD_FILL);
  for (const [column, spec] of Object.entries(COLUMNS) as [ColumnName, Column][]) {
    w.text(spec.title, COLUMN_X[column] + CELL_PAD, y + 5.5, {
      font: 'Helvetica-Bold',
      size: 7.5,
      color: INK,
      width: spec.width - 2 * CELL_PAD,
    });
  }
  w.rule(y + HEADER_ROW_HEIGHT, 0.75, INK);
  return y + HEADER_ROW_HEIGHT;
}

/** In place of the rows when nothing is logged yet. */
export function noSessions(w: PageWriter, y: number): void {
  w.text('No driving sessions logged yet.', MARGIN + CELL_PAD, y + 14, { size: 10, color: MUTED });
}

/** When the supervisor signed on their own phone, as families read it (Adelaide's time, the log book's own). */
function signedAtText(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return pdfText(iso);
  const words = at.toLocaleString('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Australia/Adelaide',
    timeZoneName: 'short',
  });
  return pdfText(words);
}

/** The printed fields without a cell of their own, each said as "Label: value", in the registry's order. */
function otherFields(session: LogbookSession, registry: SessionFieldRegistry): string[] {
  const values = session as unknown as Record<string, unknown>;
  const { odometerStart, odometerEnd } = values;
  const both = typeof odometerStart === 'number' && typeof odometerEnd === 'number';
  return fieldsWhere(registry, 'printed')
    .filter((name) => registry[name].printed === 'line' && values[name] !== undefined && values[name] !== null)
    .filter((name) => !(both && name === 'odometerEnd'))
    .map((name) => {
      // Both readings said as one, with the distance they give.
      if (both && name === 'odometerStart')
        return `Odometer ${odometerStart}-${odometerEnd} km, distance ${odometerEnd - odometerStart} km`;
      if (name === 'signedAt') return `Signed remotely by the supervisor on ${signedAtText(String(values[name]))}`;
      return `${registry[name].label}: ${pdfText(String(values[name]))}`;
    });
}

/** The line beneath a row: one line, or, when that would not fit, two smaller ones (each field kept whole where it fits). */
const BENEATH = { size: 8, top: 30, smaller: 6.5, tops: [27.5, 35.5] } as const;

function saidBeneath(w: PageWriter, parts: string[], y: number): void {
  const x = COLUMN_X.date + CELL_PAD;
  const width = COLUMN_X.supervisor - COLUMN_X.date - 2 * CELL_PAD;
  const style = { color: MUTED, width };
  const line = (from: number, to?: number) => parts.slice(from, to).join(' · ');
  if (w.measure(line(0), 'Helvetica', BENEATH.size) <= width) {
    w.text(line(0), x, y + BENEATH.top, { ...style, size: BENEATH.size });
    return;
  }
  let first = parts.length;
  while (first > 1 && w.measure(line(0, first), 'Helvetica', BENEATH.smaller) > width) first -= 1;
  w.text(line(0, first), x, y + BENEATH.tops[0], { ...style, size: BENEATH.smaller });
  if (first < parts.length) w.text(line(first), x, y + BENEATH.tops[1], { ...style, size: BENEATH.smaller });
}

/** One session as a row at `y`, numbered from 1 in the order drawn. */
export function sessionRow(
  w: PageWriter,
  session: LogbookSession,
  index: number,
  y: number,
  registry: SessionFieldRegistry = SESSION_FIELDS,
): void {
  const cell = (column: ColumnName, text: string, line: number, opts: { font?: string; color?: string } = {}) =>
    w.text(text, COLUMN_X[column] + CELL_PAD, y + 8 + line * 11, {
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
  const others = otherFields(session, registry);
  // Beneath the date, the times, the route and the conditions, where a struck entry says why instead.
  if (others.length > 0 && !session.status) saidBeneath(w, others, y);
  cell('timeOfDay', label(TIME_OF_DAY_LABELS, session.timeOfDay), 0);
  cell('traffic', label(TRAFFIC_LABELS, session.trafficConditions), 0);
  cell('road', label(ROAD_LABELS, session.roadConditions), 0);
  if (session.weatherConditions) cell('weather', label(WEATHER_LABELS, session.weatherConditions), 0);
  else {
    // Sessions logged before the weather was asked: said as the screens say it, over two lines to fit.
    cell('weather', 'Not', 0, { color: MUTED });
    cell('weather', 'recorded', 1, { color: MUTED });
  }
  cell('supervisor', pdfText(session.supervisorName), 0, { font: 'Helvetica-Bold' });
  cell('supervisor', `Licence: ${pdfText(session.supervisorLicenseNumber)}`, 1);
  if (session.supervisorIsInstructor) cell('supervisor', 'Driving instructor', 2, { color: MUTED });
  signatureCell(w, session.studentSignaturePrint, 'studentSignature', y);
  signatureCell(w, session.supervisorSignaturePrint, 'supervisorSignature', y);
  // Entries awaiting or declined by their supervisor are never printed (they are not in the chain).
  if (session.status === 'superseded' || session.status === 'removed') {
    struckThrough(w, session.status, session.changeReason, y);
  }
  w.rule(y + ROW_HEIGHT, 0.5, RULE);
}

/**
 * A corrected or removed entry, as on paper: one line through the row, and why, beneath it. The correction that
 * replaced a corrected entry is the next row.
 */
function struckThrough(w: PageWriter, status: 'superseded' | 'removed', reason: string | undefined, y: number): void {
  w.rule(y + 12, 1, STRUCK);
  const why = reason ? `: ${pdfText(reason)}` : '';
  const said = status === 'superseded' ? `Corrected${why} (see the next entry)` : `Removed${why}`;
  w.text(said, COLUMN_X.date + CELL_PAD, y + 30, {
    font: 'Helvetica-Bold',
    size: 7.5,
    color: STRUCK,
    width: COLUMN_X.supervisor - COLUMN_X.date - 2 * CELL_PAD,
  });
}

function signatureCell(w: PageWriter, print: string | undefined, column: ColumnName, y: number): void {
  const x = COLUMN_X[column] + CELL_PAD;
  const width = COLUMNS[column].width - 2 * CELL_PAD;
  const height = ROW_HEIGHT - 8;
  w.outline(x - 1, y + 3, width + 2, height + 2, 2, 0.5, SIGNATURE_FRAME);
  try {
    // The greyscale print copy embeds as it is (sessions kept without one were given one when read).
    if (!print) throw new Error('no signature');
    const png = Buffer.from(print, 'base64');
    w.doc.image(png as PDFKit.Mixins.ImageSrc, x, y + 4, { fit: [width, height], align: 'center', valign: 'center' });
  } catch {
    w.text('Signature unavailable', x, y + 18, { size: 7, color: MUTED, width });
  }
}
