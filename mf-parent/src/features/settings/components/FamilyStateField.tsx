import { STATE_CODES, type StateCode } from '@logbook/contracts/view';
import { STATE_NAMES } from '../utils/stateNames';
import { SelectField } from '@logbook/ui/shared';

const OPTIONS = STATE_CODES.map((code) => ({ value: code, label: STATE_NAMES[code] }));

/** The family's state or territory, asked once: its rule sets the hours each learner needs and what a drive records. */
export function FamilyStateField({ value, onChange }: { value: StateCode; onChange: (code: StateCode) => void }) {
  return (
    <SelectField
      label="Your State or Territory"
      hint="Your log book follows its rules: the hours each learner needs and what every drive records. You can change it in Administrator Settings."
      name="familyState"
      options={OPTIONS}
      value={value}
      onChange={(e) => onChange(e.target.value as StateCode)}
    />
  );
}
