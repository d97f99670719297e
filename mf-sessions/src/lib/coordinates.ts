import { GEOLOCATION } from '@logbook/contracts/view';
import type { Coordinates } from '@logbook/session-device/storedValues';

/** The position the form knows, with the locality the reverse-geocoding service named (when it could). */
export interface SessionLocation {
  coordinates: Coordinates;
  placeName?: string;
}

/** Where the device is now, asked as the product always asks it (precision, wait, how old an answer may be). */
export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { ...GEOLOCATION }),
  );
}
