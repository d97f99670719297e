/** The public reverse-geocoding service the gateway's CSP allows. */
export const DEFAULT_GEOCODE_URL = 'https://api.bigdatacloud.net/data/reverse-geocode-client';

declare global {
  interface Window {
    __LOGBOOK_CONFIG__?: { geocodeUrl?: string };
  }
}

declare const __LOGBOOK_GEOCODE_URL__: string | undefined;

/** A deployment may set window.__LOGBOOK_CONFIG__.geocodeUrl, or VITE_GEOCODE_URL at build time. */
export function geocodeUrl(): string {
  const runtime = typeof window !== 'undefined' ? window.__LOGBOOK_CONFIG__?.geocodeUrl : undefined;
  if (runtime) return runtime;
  const built = typeof __LOGBOOK_GEOCODE_URL__ !== 'undefined' ? __LOGBOOK_GEOCODE_URL__ : undefined;
  return built || DEFAULT_GEOCODE_URL;
}
