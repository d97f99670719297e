import { useId } from 'react';
import { TIME_OF_DAY_LABELS, formatHoursMinutes } from '@logbook/contracts/view';
import { Card } from '@logbook/ui/shared';
import type { DriveSplit } from '../utils/driveSplit';
import { ChoiceOption } from './ChoiceOption';

export type SplitMode = 'two' | 'one';

export interface DriveSplitChoiceProps {
  split: DriveSplit;
  mode: SplitMode;
  onChange: (mode: SplitMode) => void;
}

/** A drive that crossed sunset or sunrise: two entries split at the sun's time, or one with Day or Night chosen. */
export function DriveSplitChoice({ split, mode, onChange }: DriveSplitChoiceProps) {
  const name = useId();
  const [first, second] = split.parts;
  const part = (p: typeof first) =>
    `${TIME_OF_DAY_LABELS[p.timeOfDay]} ${p.startTime}–${p.endTime} (${formatHoursMinutes(p.startTime, p.endTime)})`;
  return (
    <Card
      title={`This drive crossed ${split.event} at ${split.at}`}
      headingLevel={2}
      description="Log the day part and the night part as two entries, or the whole drive as one."
    >
      <fieldset className="lls-split">
        <legend className="ll-visually-hidden">How to log this drive</legend>
        <label className="lls-split__option">
          <input type="radio" name={name} value="two" checked={mode === 'two'} onChange={() => onChange('two')} />
          <span>
            <strong>Two entries</strong>
            <br />
            <span data-testid="split-parts">
              {part(first)} and {part(second)}
            </span>
            <br />
            <span className="lls-live__note">Same conditions, supervisor and signatures for both.</span>
          </span>
        </label>
        <ChoiceOption
          group={name}
          value="one"
          checked={mode === 'one'}
          onChoose={() => onChange('one')}
          title="One entry"
          note="Choose Day or Night under Driving Conditions."
        />
      </fieldset>
    </Card>
  );
}
