import { useEffect, useRef, useState } from 'react';
import { useSupervisors, type SavedSupervisor } from '@logbook/shell-context/shared';
import type { SessionField, SessionValues, SupervisorChoice } from '../../../lib/sessionValues';
import { initialSelection, SOMEONE_ELSE, supervisorPayload, type SupervisorSelection } from '../utils/supervisorChoice';

/**
 * The family's saved supervisors and which one supervised this drive. They arrive after the form opens: the choice is
 * made once they are known, filling the name and licence of the one chosen when the form has none yet.
 */
export function useSupervisorSelection(
  values: SessionValues,
  setField: (field: SessionField, value: string) => void,
): {
  supervisors: SavedSupervisor[] | undefined;
  selection: SupervisorSelection;
  setSelection: (selection: SupervisorSelection) => void;
  /** Who supervised, as the session is sent. */
  supervisor: () => SupervisorChoice;
} {
  const { data: supervisors } = useSupervisors();
  const [selection, setSelection] = useState<SupervisorSelection | undefined>(undefined);
  const currentValues = useRef(values);
  currentValues.current = values;

  useEffect(() => {
    if (selection || !supervisors) return;
    const initial = initialSelection(supervisors, currentValues.current);
    setSelection(initial);
    const saved = supervisors.find((s) => s.id === initial.savedId);
    if (saved && !currentValues.current.supervisorName) {
      setField('supervisorName', saved.name);
      setField('supervisorLicenseNumber', saved.licenseNumber);
    }
  }, [supervisors, selection, setField]);

  const chosen = selection ?? SOMEONE_ELSE;
  return {
    supervisors,
    selection: chosen,
    setSelection,
    supervisor: () => supervisorPayload(chosen, supervisors ?? []),
  };
}
