/**
 * Reading back what this device keeps (a draft, the running drive, the account): whatever is stored may be damaged or
 * written by another version, so each field is checked as it is read. Every copy of this package announces its
 * changes as the browser tells other tabs, with a `storage` event naming the key: each front end bundles its own copy
 * (a remote of an earlier release its own older one), and each listens for that event.
 */

/** The slice of Web Storage this device's stores use, so tests can hand in their own. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Something stored that has fields to read: an object, not null nor a list. */
export type Entry = Record<string, unknown>;
export const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field kept as text: anything else reads as empty. */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** An optional field kept as text: anything else reads as none. */
export const optionalText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A student's id: a positive whole number, or the same written in digits. */
export function readStudentId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  return typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined;
}

/** The id of a stored list's entry, if it has one. */
export const idOf = (entry: unknown): unknown => (isEntry(entry) ? entry.id : undefined);

/** Latitude and longitude in degrees. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** A position kept to about 100 m (3 decimals). */
export function roundedCoordinates(latitude: number, longitude: number): Coordinates {
  return { latitude: round3(latitude), longitude: round3(longitude) };
}

const isDegrees = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= -limit && value <= limit;

/** A stored position, kept to about 100 m; a damaged one reads as none rather than losing what holds it. */
export function readCoordinates(value: unknown): Coordinates | undefined {
  if (!isEntry(value)) return undefined;
  const { latitude, longitude } = value;
  return isDegrees(latitude, 90) && isDegrees(longitude, 180) ? roundedCoordinates(latitude, longitude) : undefined;
}

/** Tells every copy on this page that `key` changed. */
export function announceChange(key: string): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new StorageEvent('storage', { key }));
}

/** Calls `listener` when a key `watched` accepts changes (or all were cleared), on this page or in another tab. */
export function subscribeChanges(watched: (key: string) => boolean, listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || watched(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
