/** Same-origin files fetched so far whose path starts with one of `prefixes`. */
function loadedFiles(prefixes: readonly string[]): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name, location.href))
    .filter((url) => url.origin === location.origin && prefixes.some((p) => url.pathname.startsWith(p)))
    .map((url) => url.href);
}

/**
 * Registers /sw.js once the page has loaded. Remote files fetched before the worker took control are
 * handed to it (Workbox's CACHE_URLS message) so those screens open offline after one visit.
 */
export function registerServiceWorker(remoteEntryUrls: readonly string[]) {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = async () => {
    // Not needed for the first view: fetched once the page has loaded.
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js', { scope: '/' });
    const cacheRemotes = () => {
      const urls = [
        ...new Set([...remoteEntryUrls.map((u) => new URL(u, location.href).href), ...loadedFiles(['/mf/'])]),
      ];
      void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: urls } }).catch(() => undefined);
    };
    wb.addEventListener('activated', cacheRemotes);
    wb.register()
      .then((registration) => {
        // Already active from an earlier visit: the worker caches as pages load, only top up.
        if (registration?.active && navigator.serviceWorker.controller) cacheRemotes();
      })
      .catch((error: unknown) => console.warn('Offline support is unavailable:', error));
  };
  // The app can start after the load event has already fired.
  const start = () => void register().catch((error: unknown) => console.warn('Offline support is unavailable:', error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
