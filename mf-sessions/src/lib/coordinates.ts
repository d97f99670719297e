/** Where a drive was, as the current-location button found it: rounded to about 100 m (3 decimals). */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The position the form knows, with the locality the reverse-geocoding service named (when it could). */
export interface SessionLocation {
  coordinates: Coordinates;
  placeName?: string;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function roundedCoordinates(latitude: number, longitude: number): Coordinates {
  return { latitude: round3(latitude), longitude: round3(longitude) };
}

/** Coordinates read back from storage (a draft, an outbox entry); undefined unless both are real positions. */
export function coordinatesFrom(value: unknown): Coordinates | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { latitude, longitude } = value as Record<string, unknown>;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return roundedCoordinates(latitude, longitude);
}
