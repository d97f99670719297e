import type { Coordinates } from '@logbook/session-device/storedValues';

/** The position the form knows, with the locality the reverse-geocoding service named (when it could). */
export interface SessionLocation {
  coordinates: Coordinates;
  placeName?: string;
}
