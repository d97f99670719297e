import { useCallback, useState } from 'react';
import { clearRunningDrive, endRunningDrive, useRunningDrive } from '@logbook/session-device/runningDrive';
import { locateHere, startDrive } from '../utils/startDrive';

/** How long End Drive waits for a position before it goes on without the end suburb. */
const END_LOCATION_WAIT_MS = 8_000;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);

/** Start, end and discard of the student's running drive on this device. */
export function useLiveDrive(studentId: number) {
  const drive = useRunningDrive(studentId);
  const [ending, setEnding] = useState(false);

  const start = useCallback(() => startDrive(studentId), [studentId]);

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
