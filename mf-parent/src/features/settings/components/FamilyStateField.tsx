import { STATE_OPTIONS, type StateCode } from '@logbook/contracts/view';
import { SelectField } from '@logbook/ui/shared';

/** The family's state or territory, asked once: its rule sets the hours each learner needs and what a drive records. */
export function FamilyStateField({ value, onChange }: { value: StateCode; onChange: (code: StateCode) => void }) {
  return (
    <SelectField
      label="Your State or Territory"
      hint="Your log book follows its rules: the hours each learner needs and what every drive records. You can change it in Administrator Settings."
      name="familyState"
      options={STATE_OPTIONS}
      value={value}
      onChange={(e) => onChange(e.target.value as StateCode)}
    />
  );
}
