/** Where a session started, as the location button found it: kept to about 100 m, never finer. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

export const COORDINATE_MESSAGES = {
  coordinatesInvalid: 'Coordinates must be a latitude and a longitude',
  latitudeInvalid: 'Latitude must be a number from -90 to 90',
  longitudeInvalid: 'Longitude must be a number from -180 to 180',
} as const;

/** Three decimal places: about 100 m, enough for the sun's times and no closer to a home address. */
const roundTo3 = (value: number) => {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 ? 0 : rounded; // never -0
};

export function roundCoordinates(coordinates: Coordinates): Coordinates {
  return { latitude: roundTo3(coordinates.latitude), longitude: roundTo3(coordinates.longitude) };
}
