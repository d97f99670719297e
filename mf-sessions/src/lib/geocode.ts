import { LOCATION_ERRORS, UNKNOWN_LOCATION } from '@logbook/contracts/view';
import { geocodeUrl } from './geocodeConfig';

/** The place name in a reverse-geocoding answer: locality, else city, else country, else 'Unknown location'. */
export function placeFromGeocode(answer: unknown): string {
  if (answer && typeof answer === 'object') {
    const a = answer as Record<string, unknown>;
    for (const key of ['locality', 'city', 'countryName']) {
      const v = a[key];
      if (typeof v === 'string' && v.trim()) return v.trim();
    }
  }
  return UNKNOWN_LOCATION;
}

export function geocodeRequestUrl(latitude: number, longitude: number, base: string = geocodeUrl()): string {
  const url = new URL(base, typeof window !== 'undefined' ? window.location.href : undefined);
  url.searchParams.set('latitude', String(latitude));
  url.searchParams.set('longitude', String(longitude));
  url.searchParams.set('localityLanguage', 'en');
  return url.toString();
}

/** GET to the reverse-geocoding service; throws when it cannot answer. */
export async function lookUpPlace(
  latitude: number,
  longitude: number,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<string> {
  const res = await fetchImpl(geocodeRequestUrl(latitude, longitude), { credentials: 'omit' });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return placeFromGeocode(await res.json());
}

/** The 'Location Error' text for a failed position request (GeolocationPositionError codes 1–3). */
export function positionErrorMessage(error: { code?: number } | null | undefined): string {
  switch (error?.code) {
    case 1:
      return LOCATION_ERRORS.denied;
    case 2:
      return LOCATION_ERRORS.unavailable;
    case 3:
      return LOCATION_ERRORS.timeout;
    default:
      return LOCATION_ERRORS.failed;
  }
}
