import { useSyncExternalStore } from 'react';

const QUERY = '(pointer: coarse)';

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mql = window.matchMedia(QUERY);
  mql.addEventListener?.('change', onChange);
  return () => mql.removeEventListener?.('change', onChange);
}

function isCoarse() {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

/** 'touch' when the main pointer is a finger, else 'mouse'; follows changes (a tablet docking a mouse). */
export function usePointerKind(): 'touch' | 'mouse' {
  return useSyncExternalStore(subscribe, isCoarse, () => false) ? 'touch' : 'mouse';
}
