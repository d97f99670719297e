import { LOCATION_UNAVAILABLE, UNKNOWN_LOCATION } from '@logbook/contracts/view';
import { toast } from '@logbook/shell-context/shared';
import { setRunningDriveStart, startRunningDrive } from '@logbook/session-device/runningDrive';
import { roundedCoordinates, type Coordinates } from '@logbook/session-device/storedValues';
import { currentPosition } from '../../../lib/coordinates';

export interface Located {
  coordinates: Coordinates;
  place?: string;
}

/** The device's position and suburb, when location is allowed and answers; undefined otherwise (never throws). */
export async function locateHere(): Promise<Located | undefined> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return undefined;
  let position: GeolocationPosition;
  try {
    position = await currentPosition();
  } catch {
    return undefined;
  }
  const coordinates = roundedCoordinates(position.coords.latitude, position.coords.longitude);
  try {
    // The place-name lookup's code is fetched when a drive starts or ends, not with the card.
    const { lookUpPlace } = await import('../../../lib/geocode');
    const place = await lookUpPlace(position.coords.latitude, position.coords.longitude);
    return place === UNKNOWN_LOCATION || place === LOCATION_UNAVAILABLE ? { coordinates } : { coordinates, place };
  } catch {
    // Offline: the position is kept, the suburb is typed later.
    return { coordinates };
  }
}

/**
 * Starts the student's drive on this device: the clock starts at once, and where the drive started follows when
 * location answers. Says so when the device keeps nothing.
 */
export function startDrive(studentId: number): void {
  try {
    startRunningDrive(studentId);
  } catch {
    toast({
      title: 'The drive could not be started',
      description: 'This device is not letting the app keep anything. Log the session with the form instead.',
      variant: 'destructive',
    });
    return;
  }
  void locateHere().then((found) => {
    if (found) setRunningDriveStart(studentId, { startSuburb: found.place, coordinates: found.coordinates });
  });
}
