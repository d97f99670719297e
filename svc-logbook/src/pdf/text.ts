/** Characters the PDF's built-in fonts (WinAnsi) can show beyond Latin-1; anything else becomes '?'. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function showable(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/**
 * User text made safe for the built-in fonts: control characters become spaces, accented letters outside Latin-1
 * lose their accent (Ł stays '?', ő becomes 'o'), the rest becomes '?'. pdfkit draws text as text, never as markup.
 */
export function pdfText(value: unknown): string {
  if (value === undefined || value === null) return '';
  let out = '';
  for (const ch of String(value)) {
    if (showable(ch)) out += ch;
    else if (/[\p{Cc}\p{Zl}\p{Zp}\p{Zs}]/u.test(ch)) out += ' ';
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every(showable) ? base : '?';
    }
  }
  return out.replace(/\s+/g, ' ').trim();
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
