import { startTransition, useEffect, useState } from 'react';

/** Entries drawn at once: more than a phone's screenful. */
export const FIRST_STEP = 12;
/** Entries added at each later step. */
export const NEXT_STEP = 16;

/**
 * How many entries of a long list to draw: the first screenful at once, then the rest a step at a time, each after
 * the last was painted and as a transition, so a long history never holds the page in one long task. Every entry is
 * drawn within moments, and the count only grows: a list that changes keeps what it showed.
 */
export function useDrawnInSteps(total: number): number {
  const [count, setCount] = useState(FIRST_STEP);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((n) => n + NEXT_STEP)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}
