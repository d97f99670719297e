const REMOTE_PREFIXES = ['/mf/'] as const;

const isRemoteFile = (url: URL) =>
  url.origin === location.origin && REMOTE_PREFIXES.some((p) => url.pathname.startsWith(p));

/**
 * Remote files this page fetched without the worker (workerStart is 0 when no service worker handled the request):
 * the worker has not cached them, and a remote screen opened later than the worker's activation fetches more of them.
 */
function filesFetchedWithoutWorker(entries: readonly PerformanceEntry[]): string[] {
  return entries
    .filter((entry) => (entry as PerformanceResourceTiming).workerStart === 0)
    .map((entry) => new URL(entry.name, location.href))
    .filter(isRemoteFile)
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
    const cacheFiles = (urls: string[]) => {
      if (urls.length === 0) return;
      void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: [...new Set(urls)] } }).catch(() => undefined);
    };
    let watching = false;
    const cacheRemotes = () => {
      const entryUrls = remoteEntryUrls.map((u) => new URL(u, location.href).href);
      cacheFiles([...entryUrls, ...filesFetchedWithoutWorker(performance.getEntriesByType('resource'))]);
      if (watching || typeof PerformanceObserver === 'undefined') return;
      watching = true;
      // A remote screen opened after this moment but before the worker controls the page is fetched past it too.
      new PerformanceObserver((list) => cacheFiles(filesFetchedWithoutWorker(list.getEntries()))).observe({
        type: 'resource',
      });
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
