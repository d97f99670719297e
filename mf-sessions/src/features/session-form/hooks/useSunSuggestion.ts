import { useEffect, useMemo } from 'react';
import type { SessionLocation } from '../../../lib/coordinates';
import type { SessionField, SessionValues } from '../../../lib/sessionValues';
import { splitAtSun, type DriveSplit } from '../utils/driveSplit';
import { hintPlace, timeOfDayHint, type TimeOfDayHint } from '../utils/timeOfDayHint';

export interface SunSuggestionOf {
  values: SessionValues;
  location: SessionLocation | undefined;
  fromDrive: boolean;
  timeOfDayChosen: boolean;
  setField: (field: SessionField, value: string) => void;
}

/**
 * Where the sun was during the drive: a Day or Night suggestion that fills Time of Day until the person picks one,
 * and, for a drive just ended, where it crossed sunset or sunrise (to log it as two entries).
 */
export function useSunSuggestion({ values, location, fromDrive, timeOfDayChosen, setField }: SunSuggestionOf): {
  hint: TimeOfDayHint | null;
  split: DriveSplit | null;
} {
  const { date, startTime, endTime } = values;
  const hint = useMemo(
    () => timeOfDayHint({ date, startTime, endTime }, hintPlace(location)),
    [date, startTime, endTime, location],
  );
  const split = useMemo(
    () => (fromDrive ? splitAtSun({ date, startTime, endTime }, hintPlace(location)) : null),
    [fromDrive, date, startTime, endTime, location],
  );

  useEffect(() => {
    if (hint && !timeOfDayChosen && values.timeOfDay !== hint.timeOfDay) setField('timeOfDay', hint.timeOfDay);
  }, [hint, timeOfDayChosen, values.timeOfDay, setField]);

  return { hint, split };
}
