import { lazy, Suspense, useId, type ComponentType } from 'react';
import type { StateCode } from '@logbook/contracts/view';
import { Card } from '@logbook/ui/shared';
import type { SavedSupervisor } from '@logbook/shell-context/shared';
import type { SessionField } from '../../../lib/sessionValues';
import { ChoiceOption } from './ChoiceOption';
import { SessionTextFields, type SessionTextField, type FormCardProps } from './SessionTextFields';
import { matchingSupervisor, type SupervisorSelection } from '../utils/supervisorChoice';
import type { SupervisorLicenceFieldsProps } from './SupervisorLicenceFields';

// Someone else's licence, with the state rule it is checked against: fetched when someone else is chosen. Both
// questions are optional, so offline, before their code was ever fetched, the form goes on without them.
const SupervisorLicenceFields = lazy<ComponentType<SupervisorLicenceFieldsProps>>(() =>
  import('./SupervisorLicenceFields').catch(() => ({ default: () => null })),
);

/** Who supervised, as the session names them. */
const SUPERVISOR_FIELDS: SessionTextField[] = [
  { field: 'supervisorName', label: 'Full Name', input: { autoComplete: 'name' } },
  { field: 'supervisorLicenseNumber', label: "Driver's License Number", input: { autoComplete: 'off' } },
];

export interface SupervisorDetailsCardProps extends FormCardProps {
  /** The family's saved supervisors, most recently used first; empty or undefined offers only the fields. */
  supervisors?: readonly SavedSupervisor[];
  selection: SupervisorSelection;
  onSelect: (selection: SupervisorSelection) => void;
  /** The family's state, when known: the form warns when someone else's licence falls short of its rule. */
  familyState?: StateCode;
  /** The form was submitted: a year that is not one is named. */
  showProblems?: boolean;
}

function CheckBox({
  label,
  checked,
  onChange,
  name,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name: string;
}) {
  const id = useId();
  return (
    <div className="lls-check">
      <input id={id} type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function SupervisorDetailsCard({
  values,
  errors,
  onChange,
  supervisors = [],
  selection,
  onSelect,
  familyState,
  showProblems = false,
}: SupervisorDetailsCardProps) {
  const groupName = useId();
  const chosen = selection.savedId === null ? undefined : supervisors.find((s) => s.id === selection.savedId);
  const someoneElse = !chosen;

  const pick = (supervisor: SavedSupervisor | null) => {
    if (supervisor) {
      onSelect({ ...selection, savedId: supervisor.id });
      onChange('supervisorName', supervisor.name);
      onChange('supervisorLicenseNumber', supervisor.licenseNumber);
    } else {
      if (!someoneElse) {
        onChange('supervisorName', '');
        onChange('supervisorLicenseNumber', '');
      }
      onSelect({ ...selection, savedId: null });
    }
  };

  // Typing a name and licence is "someone else", unless they are a saved supervisor's exactly.
  const type = (field: SessionField, text: string) => {
    onChange(field, text);
    const next = { ...values, [field]: text };
    const match = matchingSupervisor(supervisors, next);
    if ((match?.id ?? null) !== selection.savedId) onSelect({ ...selection, savedId: match?.id ?? null });
  };

  return (
    <Card title="Supervising Driver Details" headingLevel={2}>
      {supervisors.length > 0 && (
        <fieldset className="lls-supervisor-choice">
          <legend>Who supervised this drive?</legend>
          {supervisors.map((s) => (
            <ChoiceOption
              key={s.id}
              group={groupName}
              value={String(s.id)}
              checked={!someoneElse && selection.savedId === s.id}
              onChoose={() => pick(s)}
              title={s.name}
              note={`Licence ${s.licenseNumber}${s.isInstructor ? ' · Licensed driving instructor' : ''}`}
            />
          ))}
          <ChoiceOption
            group={groupName}
            value="other"
            checked={someoneElse}
            onChoose={() => pick(null)}
            title="Someone else"
          />
        </fieldset>
      )}
      <div className="lls-fields lls-fields--2">
        <SessionTextFields fields={SUPERVISOR_FIELDS} values={values} errors={errors} onChange={type} />
      </div>
      {/* Asked once someone else is named: its code is not fetched with the form's first view. */}
      {someoneElse && (values.supervisorName.trim() || selection.licenceState || selection.fullLicenceYear) && (
        <Suspense fallback={null}>
          <SupervisorLicenceFields
            familyState={familyState}
            selection={selection}
            onSelect={onSelect}
            showProblems={showProblems}
          />
        </Suspense>
      )}
      {someoneElse && (
        <div className="lls-supervisor-choice" style={{ marginTop: 12, marginBottom: 0 }}>
          <CheckBox
            name="supervisorIsInstructor"
            label="Licensed driving instructor"
            checked={selection.isInstructor}
            onChange={(isInstructor) => onSelect({ ...selection, isInstructor })}
          />
          <CheckBox
            name="rememberSupervisor"
            label="Remember this supervisor"
            checked={selection.remember}
            onChange={(remember) => onSelect({ ...selection, remember })}
          />
        </div>
      )}
    </Card>
  );
}
