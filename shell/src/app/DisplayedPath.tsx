import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Marks the document with the path whose screen is on display. Navigations render as transitions, so the address
 * bar can show the next path while the previous screen is still the one on display; `data-path` changes only when
 * the new screen is committed.
 */
export function DisplayedPath() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    document.documentElement.dataset.path = pathname;
  }, [pathname]);
  return null;
}
