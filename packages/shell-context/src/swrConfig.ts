import type { SWRConfiguration } from 'swr';
import { ApiError, throwIfNotOk } from './apiClient';

export type SwrKey = string | readonly (string | number)[];

/** A key is the URL it reads, its segments joined by '/': a screen that knows the URL can refresh the data. */
export function keyToUrl(key: SwrKey): string {
  return typeof key === 'string' ? key : key.map(String).join('/');
}

export type On401 = 'throw' | 'returnNull';

/** A fetcher that GETs the key with cookies; a 401 throws, or yields null when asked (presence checks). */
export function createFetcher(on401: On401 = 'throw') {
  return async function fetcher<T = unknown>(key: SwrKey): Promise<T | null> {
    const res = await fetch(keyToUrl(key), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

export const fetcher = createFetcher('throw');
export const fetcherOr401Null = createFetcher('returnNull');

/**
 * Screens refresh what their own changes touch, so nothing is fetched behind their back: no polling, no refetch on
 * focus or reconnect, cached data never stale, no retries.
 */
export const swrConfig: SWRConfiguration = {
  fetcher,
  refreshInterval: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
  errorRetryCount: 0,
};

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
