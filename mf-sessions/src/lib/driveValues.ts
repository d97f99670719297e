import type { RunningDrive } from '@logbook/session-device/runningDrive';
import type { SessionLocation } from './coordinates';
import { emptySessionValues, type SessionValues } from './sessionValues';

/** The session form's values from a drive timed on this device: its date, times and suburbs. */
export function driveSessionValues(drive: RunningDrive): SessionValues {
  return {
    ...emptySessionValues(),
    date: drive.date,
    startTime: drive.startTime,
    endTime: drive.ended?.endTime ?? '',
    startSuburb: drive.startSuburb,
    endSuburb: drive.ended?.endSuburb ?? '',
  };
}

/** Where the drive started, for the sun's times; undefined when location was not allowed. */
export function driveLocation(drive: RunningDrive): SessionLocation | undefined {
  if (!drive.coordinates) return undefined;
  return drive.startSuburb
    ? { coordinates: drive.coordinates, placeName: drive.startSuburb }
    : { coordinates: drive.coordinates };
}
