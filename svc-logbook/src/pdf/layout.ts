// A4 landscape, laid out by hand so every page holds a fixed number of rows and "Page X of Y" is known up front,
// which lets the document stream out as it is drawn.
export const PAGE = { width: 841.89, height: 595.28 };
export const MARGIN = 36;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
export const ROW_HEIGHT = 44;
export const HEADER_ROW_HEIGHT = 18;
const ROWS_BOTTOM = PAGE.height - 46;
export const FIRST_PAGE_TABLE_TOP = 258;
export const NEXT_PAGE_TABLE_TOP = 62;
export const FOOTER_Y = PAGE.height - 30;

/** How many rows of `height` fit from `top` down to the last row's bottom line. */
export const rowsBetween = (top: number, height: number) => Math.floor((ROWS_BOTTOM - top) / height);

const ROWS_ON_FIRST_PAGE = rowsBetween(FIRST_PAGE_TABLE_TOP + HEADER_ROW_HEIGHT, ROW_HEIGHT);
const ROWS_PER_NEXT_PAGE = rowsBetween(NEXT_PAGE_TABLE_TOP + HEADER_ROW_HEIGHT, ROW_HEIGHT);

export function pageCountFor(sessionCount: number): number {
  if (sessionCount <= ROWS_ON_FIRST_PAGE) return 1;
  return 1 + Math.ceil((sessionCount - ROWS_ON_FIRST_PAGE) / ROWS_PER_NEXT_PAGE);
}

// First page: student, progress and the verification panel side by side, all starting at PANELS_TOP.
export const PANELS_TOP = MARGIN + 58;
export const STUDENT_WIDTH = 250;
export const PROGRESS_X = MARGIN + STUDENT_WIDTH + 20;
export const VERIFY_X = PAGE.width - MARGIN - 206;
export const PROGRESS_WIDTH = VERIFY_X - 22 - PROGRESS_X;

export const INK = '#1a1a1a';
export const MUTED = '#5b6270';
export const RULE = '#c9ced6';
export const HEAD_FILL = '#eef1f5';
export const SIGNATURE_FRAME = '#d9dde3';
export const BAR_TRACK = '#e3e7ec';
export const BAR_FILL = '#2f6f4f';
/** The line through a corrected or removed entry, and its reason. */
export const STRUCK = '#b42318';
