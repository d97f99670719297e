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
 * handed to it (Workbox's CACHE_URLS message, which the generated worker answers) so those screens open offline after
 * one visit. The browser's own API does this; no helper library is fetched with the page.
 */
export function registerServiceWorker(remoteEntryUrls: readonly string[]) {
  if (!('serviceWorker' in navigator)) return;
  const register = async () => {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const cacheFiles = (urls: string[]) => {
      if (urls.length === 0) return;
      registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [...new Set(urls)] } });
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
    // A worker this registration installs (now or as a later update) is handed the files once it is activated.
    const whenActivated = (worker: ServiceWorker | null) =>
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'activated') cacheRemotes();
      });
    registration.addEventListener('updatefound', () => whenActivated(registration.installing));
    const pending = registration.installing ?? registration.waiting;
    if (pending) whenActivated(pending);
    // Already active (from an earlier visit, or activated before this line ran): only top up.
    else if (registration.active) cacheRemotes();
  };
  // The app can start after the load event has already fired.
  const start = () => void register().catch((error: unknown) => console.warn('Offline support is unavailable:', error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
