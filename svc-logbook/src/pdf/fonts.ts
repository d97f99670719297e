import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as fontkit from 'fontkit';

/**
 * Fonts for text the PDF's built-in Helvetica cannot show: names, suburbs and notes in any of the scripts families use.
 * The Noto families ship as many small files, one per range of characters, so only the few a log book needs are read
 * (once per process) and embedded (as subsets, by pdfkit). A log book in plain Latin text embeds none of them.
 */

export type Weight = 'regular' | 'bold';

export interface Face {
  /** The name the face is registered under in a document. */
  key: string;
  data: Buffer;
}

export interface TextRun {
  text: string;
  face: Face;
}

interface FaceFile {
  key: string;
  file: string;
  /** Inclusive [first, last] code point pairs, flattened. */
  ranges: number[];
  data?: Buffer;
  font?: fontkit.Font;
}

interface Family {
  faces: Record<Weight, FaceFile[]>;
  /** Which face of the family has a code point, once asked. */
  found: Record<Weight, Map<number, FaceFile | null>>;
}

// Latin (every diacritic), Greek, Cyrillic and Vietnamese first, then Arabic, then the CJK families.
const LATIN = 'noto-sans';
const ARABIC = 'noto-sans-arabic';
const CHINESE = 'noto-sans-sc';
const JAPANESE = 'noto-sans-jp';
const KOREAN = 'noto-sans-kr';
const WEIGHTS: Record<Weight, number> = { regular: 400, bold: 700 };

// Han characters look different in Chinese, Japanese and Korean type: kana or hangul beside them tell which to use.
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff]/u;
const ORDERS = {
  chinese: [LATIN, ARABIC, CHINESE, JAPANESE, KOREAN],
  japanese: [LATIN, ARABIC, JAPANESE, CHINESE, KOREAN],
  korean: [LATIN, ARABIC, KOREAN, CHINESE, JAPANESE],
};

const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const LETTER = /\p{L}/u;
/** Spaces and punctuation take the font of the text around them, so a right-to-left phrase stays one run. */
const NEUTRAL = /^[\p{Zs}\p{P}]+$/u;

/** Characters the built-in fonts (WinAnsi) show beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** True when the built-in fonts show every character of `text`, so it needs no embedded font. */
export function builtInFontShows(text: string): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (!((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch))) return false;
  }
  return true;
}

const families = new Map<string, Family>();

function parseRanges(list: string): number[] {
  const out: number[] = [];
  for (const part of list.split(',')) {
    const [first, last] = part.trim().replace(/^U\+/i, '').split('-');
    out.push(parseInt(first, 16), parseInt(last ?? first, 16));
  }
  return out;
}

function family(id: string): Family {
  let found = families.get(id);
  if (found) return found;
  const unicodeFile = require.resolve(`@fontsource/${id}/unicode.json`);
  const dir = path.join(path.dirname(unicodeFile), 'files');
  const subsets = JSON.parse(fs.readFileSync(unicodeFile, 'utf8')) as Record<string, string>;
  // Basic Latin first: it is asked for most, and it draws the box for what no font has.
  const entries = Object.entries(subsets).sort(([a], [b]) => Number(b === 'latin') - Number(a === 'latin'));
  const facesOf = (weight: Weight) =>
    entries.map(([subset, ranges]): FaceFile => {
      // Numbered slices of the CJK families are keyed "[12]" and named "…-12-400-normal.woff".
      const name = `${id}-${subset.replace(/^\[(\d+)\]$/, '$1')}-${WEIGHTS[weight]}`;
      // WOFF rather than WOFF2: fontkit can subset only untransformed glyph tables.
      return { key: name, file: path.join(dir, `${name}-normal.woff`), ranges: parseRanges(ranges) };
    });
  found = {
    faces: { regular: facesOf('regular'), bold: facesOf('bold') },
    found: { regular: new Map(), bold: new Map() },
  };
  families.set(id, found);
  return found;
}

/**
 * A WOFF file as the plain TrueType font it wraps. fontkit would inflate a WOFF table each time it reads from it,
 * which is once per glyph when pdfkit lays out and subsets text; inflated once here, the tables are read in place.
 */
function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? zlib.inflateSync(stored) : stored,
    };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const header = 12 + 16 * numTables;
  const out = Buffer.alloc(header + tables.reduce((sum, t) => sum + pad(t.data.length), 0));
  const entrySelector = Math.floor(Math.log2(numTables));
  out.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's own version (TrueType or CFF)
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(16 * 2 ** entrySelector, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(16 * numTables - 16 * 2 ** entrySelector, 10);
  let offset = header;
  tables.forEach((t, i) => {
    const at = 12 + 16 * i;
    t.tag.copy(out, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += pad(t.data.length);
  });
  return out;
}

function loaded(face: FaceFile): Required<FaceFile> {
  if (!face.data) {
    face.data = sfntOfWoff(fs.readFileSync(face.file));
    face.font = fontkit.create(face.data);
  }
  return face as Required<FaceFile>;
}

const covers = (face: FaceFile, code: number) => {
  for (let i = 0; i < face.ranges.length; i += 2) if (code >= face.ranges[i] && code <= face.ranges[i + 1]) return true;
  return false;
};

/** The face of family `id` that draws `code`, if any. */
function faceIn(id: string, weight: Weight, code: number): FaceFile | null {
  const fam = family(id);
  const memo = fam.found[weight];
  let face = memo.get(code);
  if (face === undefined) {
    face = fam.faces[weight].find((f) => covers(f, code) && loaded(f).font.hasGlyphForCodePoint(code)) ?? null;
    memo.set(code, face);
  }
  return face;
}

/** The first face, in `order`, that draws every character of a grapheme cluster. */
function faceFor(cluster: string, weight: Weight, order: string[]): FaceFile | null {
  const codes = [...cluster].map((ch) => ch.codePointAt(0)!);
  // No one face has the whole cluster (a letter with an unusual mark): its base letter decides.
  let baseLetterFace: FaceFile | null = null;
  for (const id of order) {
    const face = faceIn(id, weight, codes[0]);
    if (face && codes.every((code) => loaded(face).font.hasGlyphForCodePoint(code))) return face;
    baseLetterFace ??= face;
  }
  return baseLetterFace;
}

const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

const direction = (text: string) => (RIGHT_TO_LEFT.test(text) ? 'rtl' : LETTER.test(text) ? 'ltr' : 'neutral');

/**
 * `text` as runs of one face each, in the order they are drawn left to right: a right-to-left phrase (Arabic) is one
 * run that the font engine shapes and lays out right to left, and phrases of it split by other fonts (digits, say)
 * are put in right-to-left order too. The text itself is never changed: a character no font has draws as a box.
 */
export function textRuns(text: string, weight: Weight): TextRun[] {
  const order = KANA.test(text) ? ORDERS.japanese : HANGUL.test(text) ? ORDERS.korean : ORDERS.chinese;
  const clusters = Array.from(segmenter.segment(text), (s) => s.segment);
  const faces = clusters.map((c) => (NEUTRAL.test(c) ? undefined : faceFor(c, weight, order)));
  // Neutral characters join the runs around them when both sides share a face that has them.
  for (let i = 0; i < clusters.length; i++) {
    if (faces[i] !== undefined) continue;
    const before = faces.slice(0, i).findLast((f) => f !== undefined);
    const after = faces.slice(i + 1).find((f) => f !== undefined);
    const code = clusters[i].codePointAt(0)!;
    faces[i] =
      before && before === after && loaded(before).font.hasGlyphForCodePoint(code)
        ? before
        : faceFor(clusters[i], weight, order);
  }
  // What no font has is drawn (as a box) in the first face, keeping the character in the text.
  const fallback = family(LATIN).faces[weight][0];
  const runs: { text: string; face: FaceFile }[] = [];
  clusters.forEach((cluster, i) => {
    const face = faces[i] ?? fallback;
    const last = runs.at(-1);
    if (last && last.face === face) last.text += cluster;
    else runs.push({ text: cluster, face });
  });
  // A stretch of right-to-left runs (with neutral ones between them) reads from the right: draw it reversed. Like
  // other PDF makers, the glyphs are stored in the order they are drawn; readers put them back in reading order.
  const dirs = runs.map((r) => direction(r.text));
  const drawn: TextRun[] = [];
  for (let i = 0; i < runs.length; i++) {
    let end = i;
    if (dirs[i] === 'rtl')
      for (let j = i + 1; j < runs.length && dirs[j] !== 'ltr'; j++) if (dirs[j] === 'rtl') end = j;
    for (const r of runs.slice(i, end + 1).reverse())
      drawn.push({ text: r.text, face: { key: r.face.key, data: r.face.data! } });
    i = end;
  }
  return drawn;
}
