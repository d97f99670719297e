import PDFDocument from 'pdfkit';
import { builtInFontShows, textRuns, type Face, type TextRun } from './fonts';
import { INK, MARGIN, PAGE, rowsBetween } from './layout';
import { fitText } from './text';

export interface TextStyle {
  font?: string;
  size?: number;
  color?: string;
  /** Text wider than this is cut to fit, ending in an ellipsis. */
  width?: number;
  /** Within `width`; without one, text starts at x. */
  align?: 'left' | 'right';
}

/** What every page carries besides its rows. */
export interface PageFrame {
  /** Drawn at the foot of each page once its rows are done. */
  footer: (writer: PageWriter) => void;
  /** Drawn at the top of each page after the first; answers where that page's rows start. */
  continuation: (writer: PageWriter) => number;
}

/**
 * Helvetica's ascent (from its metrics), where pdfkit puts its baseline below the y it is given. Only Helvetica text
 * can need embedded fonts: the Courier lines are codes and hashes.
 */
const HELVETICA_ASCENT = 718;

/**
 * Asking for the default OpenType features has pdfkit shape a run whole rather than word by word, which keeps the
 * words of a right-to-left phrase in right-to-left order.
 */
const WHOLE_RUN = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };

/**
 * One document being drawn: the page it is on, where its next row goes, and text in any script. Rows flow onto new
 * pages on their own, each page closed by the frame's footer and opened by its continuation.
 */
export class PageWriter {
  readonly doc: PDFKit.PDFDocument;
  pageNumber = 1;
  totalPages = 1;
  private readonly frame: PageFrame;
  /** Embedded faces are registered once per document. */
  private readonly registered = new Set<string>();
  private rowTop = 0;
  private rowHeight = 0;
  private rowsLeft = 0;

  constructor(info: PDFKit.DocumentInfo, frame: PageFrame) {
    this.doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 0, info });
    this.frame = frame;
  }

  /** Rows of `height` from `top` on this page; those that do not fit go onto new pages. */
  startRows(top: number, height: number): void {
    this.rowTop = top;
    this.rowHeight = height;
    this.rowsLeft = rowsBetween(top, height);
  }

  /** Draws one row at the cursor, first turning the page when this one is full. */
  row(draw: (y: number) => void): void {
    if (this.rowsLeft === 0) this.turnPage();
    draw(this.rowTop);
    this.rowTop += this.rowHeight;
    this.rowsLeft -= 1;
  }

  /** Closes the last page and the document. */
  end(): void {
    this.frame.footer(this);
    this.doc.end();
  }

  private turnPage(): void {
    this.frame.footer(this);
    this.doc.addPage();
    this.pageNumber += 1;
    this.startRows(this.frame.continuation(this), this.rowHeight);
  }

  /** The width of `text` as `text()` would draw it. */
  measure(text: string, font: string, size: number): number {
    const runs = this.runsOf(text, font);
    if (!runs) return this.doc.font(font).fontSize(size).widthOfString(text);
    let width = 0;
    for (const run of runs) width += this.useFace(run.face).fontSize(size).widthOfString(run.text, WHOLE_RUN);
    return width;
  }

  /** One line of text with its top at y; text the built-in fonts cannot show is drawn in embedded fonts. */
  text(text: string, x: number, y: number, style: TextStyle = {}): void {
    const { doc } = this;
    const font = style.font ?? 'Helvetica';
    const size = style.size ?? 8;
    doc.fillColor(style.color ?? INK);
    const shown = style.width ? fitText(text, style.width, (s) => this.measure(s, font, size)) : text;
    const runs = this.runsOf(shown, font);
    if (!runs) {
      doc.font(font).fontSize(size);
      doc.text(shown, x, y, {
        lineBreak: false,
        ...(style.width && style.align ? { width: style.width, align: style.align } : {}),
      });
      return;
    }
    // Every run sits on the baseline the built-in font would have used, whatever its own ascent.
    const baseline = y + HELVETICA_ASCENT * (size / 1000);
    const spare = style.width && style.align ? style.width - this.measure(shown, font, size) : 0;
    let at = x + (style.align === 'right' ? spare : 0);
    for (const run of runs) {
      this.useFace(run.face).fontSize(size);
      doc.text(run.text, at, baseline, { lineBreak: false, baseline: 'alphabetic', ...WHOLE_RUN });
      at += doc.widthOfString(run.text, WHOLE_RUN);
    }
  }

  /** A horizontal line across the page's content width. */
  rule(y: number, lineWidth: number, color: string): void {
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(PAGE.width - MARGIN, y)
      .lineWidth(lineWidth)
      .strokeColor(color)
      .stroke();
  }

  /** The outline of a box with rounded corners. */
  outline(x: number, y: number, width: number, height: number, radius: number, lineWidth: number, color: string): void {
    this.doc.roundedRect(x, y, width, height, radius).lineWidth(lineWidth).strokeColor(color).stroke();
  }

  private runsOf(text: string, font: string): TextRun[] | null {
    return builtInFontShows(text) ? null : textRuns(text, font.endsWith('-Bold') ? 'bold' : 'regular');
  }

  private useFace(face: Face): PDFKit.PDFDocument {
    if (!this.registered.has(face.key)) this.doc.registerFont(face.key, face.data);
    this.registered.add(face.key);
    return this.doc.font(face.key);
  }
}
