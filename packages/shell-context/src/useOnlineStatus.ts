import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const getOnline = () => navigator.onLine;

/** Follows the browser's online and offline events. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, getOnline, () => true);
}
