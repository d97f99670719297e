// The part of fontkit (pdfkit's font engine) the log book uses to pick a font that has a character.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array): Font;
}
