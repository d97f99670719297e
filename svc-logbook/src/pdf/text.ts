/**
 * User text as it is drawn: exactly as typed (composed, so each accented letter is one character), with control and
 * line-break characters as spaces and runs of spaces as one. pdfkit draws text as text, never as markup.
 */
export function pdfText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value)
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\p{Zs}]+/gu, ' ')
    .trim();
}

/** Text cut to fit `width` (as measured by `measure`), ending in an ellipsis when cut. */
export function fitText(text: string, width: number, measure: (s: string) => number): string {
  if (measure(text) <= width) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(chars.slice(0, mid).join('').trimEnd() + '…') <= width) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join('').trimEnd() + '…';
}

/** A file-name part of letters, digits and dashes only. */
export function fileNamePart(value: string): string {
  return (
    value
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .slice(0, 40)
      .replace(/^-|-$/g, '') || 'student'
  );
}
