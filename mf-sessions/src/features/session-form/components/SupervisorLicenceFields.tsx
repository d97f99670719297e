import { SelectField, TextField } from '@logbook/ui/shared';
import { localDateISO, STATE_CODES, type StateCode } from '@logbook/contracts/view';
// By path, with this card's own chunk: what the family's state asks of a supervisor, and the words of the warning.
import { ruleOn } from '@logbook/contracts/state-rules';
import { licenceShortfall } from '@logbook/contracts/supervisor-licence';
import { licenceYearProblem, type SupervisorSelection } from '../utils/supervisorChoice';

const STATE_OPTIONS = STATE_CODES.map((code) => ({ value: code, label: code }));

export interface SupervisorLicenceFieldsProps {
  /** The family's state: its rule says how long a supervisor must have held a full licence. */
  familyState: StateCode | undefined;
  selection: SupervisorSelection;
  onSelect: (selection: SupervisorSelection) => void;
  /** Shown once the form was submitted. */
  showProblems: boolean;
}

/** Someone else's licence: the state that issued it and the year of the full licence, as a saved supervisor's. */
export default function SupervisorLicenceFields({
  familyState,
  selection,
  onSelect,
  showProblems,
}: SupervisorLicenceFieldsProps) {
  const year = (selection.fullLicenceYear ?? '').trim();
  const rule = familyState ? ruleOn(familyState, localDateISO()) : undefined;
  const shortfall = licenceShortfall(
    rule ? { stateName: rule.name, fullLicenceYears: rule.supervisor.fullLicenceYears } : undefined,
    { fullLicenceYear: /^\d{4}$/.test(year) ? Number(year) : undefined, isInstructor: selection.isInstructor },
    new Date().getFullYear(),
  );
  return (
    <>
      <div className="lls-fields lls-fields--2" style={{ marginTop: 12 }}>
        <SelectField
          label="Licence issued in (optional)"
          name="supervisorLicenceState"
          options={STATE_OPTIONS}
          placeholder="Not said"
          value={selection.licenceState ?? ''}
          onChange={(e) => onSelect({ ...selection, licenceState: e.target.value })}
        />
        <TextField
          label="Year of full licence (optional)"
          error={showProblems || year.length >= 4 ? licenceYearProblem(selection) : undefined}
          name="supervisorFullLicenceYear"
          inputMode="numeric"
          autoComplete="off"
          value={selection.fullLicenceYear ?? ''}
          onChange={(e) => onSelect({ ...selection, fullLicenceYear: e.target.value })}
        />
      </div>
      {shortfall && (
        <p className="lls-live__note" role="status" data-testid="licence-shortfall">
          {shortfall}
        </p>
      )}
    </>
  );
}
