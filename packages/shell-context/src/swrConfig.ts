import { useDeferredValue } from 'react';
import type { Middleware, SWRConfiguration, SWRResponse } from 'swr';
import { throwIfNotOk } from './apiClient';

export type SwrKey = string | readonly (string | number)[];

/** A key is the URL it reads, its segments joined by '/': a screen that knows the URL can refresh the data. */
export function keyToUrl(key: SwrKey): string {
  return typeof key === 'string' ? key : key.map(String).join('/');
}

export type On401 = 'throw' | 'returnNull';

/** A fetcher that GETs the key with cookies (or reads `asked`, that GET sent earlier); a 401 throws, or yields null. */
export function createFetcher(on401: On401 = 'throw') {
  return async function fetcher<T = unknown>(key: SwrKey, asked?: Promise<Response>): Promise<T | null> {
    const res = await (asked ?? fetch(keyToUrl(key), { credentials: 'include' }));
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

export const fetcher = createFetcher('throw');
export const fetcherOr401Null = createFetcher('returnNull');

/**
 * Data that arrives is drawn as a transition, in small steps that let the page answer between them, instead of in one
 * long task: a data store's update is otherwise drawn at once, however large the screen it fills. Until that drawing
 * is done the screen keeps what it showed, and reads as still loading where it had nothing yet, so an empty state is
 * never shown for data that has arrived.
 */
export const drawArrivingDataInSteps: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const swr = useSWRNext(key, fetcher, config);
  const arrived = swr.data;
  const drawn = useDeferredValue(arrived);
  // Until the data that arrived is drawn, the screen reads as it did while the request was under way.
  const behind = drawn === undefined && arrived !== undefined;
  // SWR counts a field as used when it is read: the getters keep that, so a screen is drawn again only for the
  // fields it reads.
  return {
    mutate: swr.mutate,
    get data() {
      return drawn;
    },
    get error() {
      return swr.error;
    },
    get isValidating() {
      return swr.isValidating || behind;
    },
    get isLoading() {
      return swr.isLoading || behind;
    },
  } satisfies SWRResponse as SWRResponse;
};

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
  use: [drawArrivingDataInSteps],
};
