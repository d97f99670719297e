import { useCallback, useState } from 'react';
import { GEOLOCATION, LOCATION_UNAVAILABLE, UNKNOWN_LOCATION } from '@logbook/contracts/view';
import { toast } from '@logbook/ui/shared';
import {
  clearRunningDrive,
  endRunningDrive,
  setRunningDriveStart,
  startRunningDrive,
  useRunningDrive,
} from '@logbook/session-device/runningDrive';
import { roundedCoordinates, type Coordinates } from '../../../lib/coordinates';

/** How long End Drive waits for a position before it goes on without the end suburb. */
const END_LOCATION_WAIT_MS = 8_000;

interface Located {
  coordinates: Coordinates;
  place?: string;
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { ...GEOLOCATION }),
  );
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

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);

/** Start, end and discard of the student's running drive on this device. */
export function useLiveDrive(studentId: number) {
  const drive = useRunningDrive(studentId);
  const [ending, setEnding] = useState(false);

  const start = useCallback(() => {
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
    // The clock starts at once; where the drive started follows when location answers.
    void locateHere().then((found) => {
      if (found) setRunningDriveStart(studentId, { startSuburb: found.place, coordinates: found.coordinates });
    });
  }, [studentId]);

  /** Keeps the end (now, or the time the person gave) and where it ended; true once stored. */
  const end = useCallback(
    async (endedAt: Date, { locate }: { locate: boolean }): Promise<boolean> => {
      setEnding(true);
      try {
        const found = locate ? await withTimeout(locateHere(), END_LOCATION_WAIT_MS) : undefined;
        return Boolean(endRunningDrive(studentId, { endedAt, endSuburb: found?.place ?? '' }));
      } catch {
        return false;
      } finally {
        setEnding(false);
      }
    },
    [studentId],
  );

  const discard = useCallback(() => clearRunningDrive(studentId), [studentId]);

  return { drive, start, end, ending, discard };
}
