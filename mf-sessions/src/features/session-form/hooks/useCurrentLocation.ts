import { useCallback, useState } from 'react';
import {
  localTimeHHMM,
  LOCATION_ERRORS,
  LOCATION_UNAVAILABLE,
  TOASTS,
  UNKNOWN_LOCATION,
} from '@logbook/contracts/view';
import { toast } from '@logbook/shell-context/shared';
import { roundedCoordinates } from '@logbook/session-device/storedValues';
import { currentPosition, type SessionLocation } from '../../../lib/coordinates';
import type { SessionField } from '../../../lib/sessionValues';

/** The place-name lookup's code is fetched when a location is first asked for. */
const geocode = () => import('../../../lib/geocode');

export type LocationEnd = 'start' | 'end';

interface Handlers {
  setField: (field: SessionField, value: string) => void;
  fillIfEmpty: (field: SessionField, value: string) => void;
  /** The position found (rounded to about 100 m), then again with the locality once it is named. */
  setLocation?: (location: SessionLocation) => void;
}

const locationError = (description: string) =>
  toast({ title: TOASTS.locationErrorTitle, description, variant: 'destructive' });

/** The current-location buttons: browser position, then the place name from the reverse-geocoding service. */
export function useCurrentLocation({ setField, fillIfEmpty, setLocation }: Handlers) {
  const [locating, setLocating] = useState<LocationEnd | null>(null);

  const locate = useCallback(
    async (end: LocationEnd) => {
      if (typeof navigator === 'undefined' || !navigator.geolocation) {
        locationError(LOCATION_ERRORS.notSupported);
        return;
      }
      const field: SessionField = end === 'start' ? 'startSuburb' : 'endSuburb';
      setLocating(end);
      // The place-name lookup's code is fetched while the device finds its position.
      void geocode().catch(() => undefined);
      try {
        let position: GeolocationPosition;
        try {
          position = await currentPosition();
        } catch (error) {
          const message = await geocode().then(
            ({ positionErrorMessage }) => positionErrorMessage(error as GeolocationPositionError),
            () => LOCATION_ERRORS.failed,
          );
          locationError(message);
          return;
        }
        const coordinates = roundedCoordinates(position.coords.latitude, position.coords.longitude);
        setLocation?.({ coordinates });
        // Arriving somewhere marks the end of the drive.
        if (end === 'end') fillIfEmpty('endTime', localTimeHHMM());
        try {
          const { lookUpPlace } = await geocode();
          const place = await lookUpPlace(position.coords.latitude, position.coords.longitude);
          setField(field, place);
          if (place !== UNKNOWN_LOCATION) setLocation?.({ coordinates, placeName: place });
          toast({ title: TOASTS.locationFoundTitle, description: TOASTS.locationFound(place) });
        } catch {
          setField(field, LOCATION_UNAVAILABLE);
          locationError(LOCATION_ERRORS.nameFailed);
        }
      } finally {
        setLocating(null);
      }
    },
    [setField, fillIfEmpty, setLocation],
  );

  return { locate, locating };
}
