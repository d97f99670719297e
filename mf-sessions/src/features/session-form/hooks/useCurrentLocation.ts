import { useCallback, useState } from 'react';
import { GEOLOCATION } from '@logbook/contracts/constants';
import { localTimeHHMM } from '@logbook/contracts/dates';
import { LOCATION_ERRORS, LOCATION_UNAVAILABLE, TOASTS } from '@logbook/contracts/messages';
import { toast } from '@logbook/ui/lib/toastStore';
import type { SessionField } from '../../../lib/sessionValues';
import { lookUpPlace, positionErrorMessage } from '../utils/geocode';

export type LocationEnd = 'start' | 'end';

interface Handlers {
  setField: (field: SessionField, value: string) => void;
  fillIfEmpty: (field: SessionField, value: string) => void;
}

const locationError = (description: string) =>
  toast({ title: TOASTS.locationErrorTitle, description, variant: 'destructive' });

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { ...GEOLOCATION }),
  );
}

/** The current-location buttons: browser position, then the place name from the reverse-geocoding service. */
export function useCurrentLocation({ setField, fillIfEmpty }: Handlers) {
  const [locating, setLocating] = useState<LocationEnd | null>(null);

  const locate = useCallback(
    async (end: LocationEnd) => {
      if (typeof navigator === 'undefined' || !navigator.geolocation) {
        locationError(LOCATION_ERRORS.notSupported);
        return;
      }
      const field: SessionField = end === 'start' ? 'startSuburb' : 'endSuburb';
      setLocating(end);
      try {
        let position: GeolocationPosition;
        try {
          position = await currentPosition();
        } catch (error) {
          locationError(positionErrorMessage(error as GeolocationPositionError));
          return;
        }
        // Arriving somewhere marks the end of the drive.
        if (end === 'end') fillIfEmpty('endTime', localTimeHHMM());
        try {
          const place = await lookUpPlace(position.coords.latitude, position.coords.longitude);
          setField(field, place);
          toast({ title: TOASTS.locationFoundTitle, description: TOASTS.locationFound(place) });
        } catch {
          setField(field, LOCATION_UNAVAILABLE);
          locationError(LOCATION_ERRORS.nameFailed);
        }
      } finally {
        setLocating(null);
      }
    },
    [setField, fillIfEmpty],
  );

  return { locate, locating };
}
