import { VALIDATION } from '@logbook/contracts/view';
import type { SavedSupervisor } from '@logbook/shell-context/shared';
import type { SupervisorChoice } from '../../../lib/sessionValues';

/** The Supervising Driver card's choice: a saved supervisor (by id) or someone else typed in today. */
export interface SupervisorSelection {
  /** The saved supervisor picked; null for "Someone else". */
  savedId: number | null;
  /** "Licensed driving instructor", for someone else (a saved one carries its own). */
  isInstructor: boolean;
  /** "Remember this supervisor", ticked by default. */
  remember: boolean;
  /** Someone else's licence: the state that issued it ('' not said) and the year of the full licence ('' not said). */
  licenceState?: string;
  fullLicenceYear?: string;
}

export const SOMEONE_ELSE: SupervisorSelection = {
  savedId: null,
  isInstructor: false,
  remember: true,
  licenceState: '',
  fullLicenceYear: '',
};

/** The year of someone else's full licence, when typed, checked as the server checks it. */
export function licenceYearProblem(selection: SupervisorSelection): string | undefined {
  const year = (selection.fullLicenceYear ?? '').trim();
  if (selection.savedId !== null || !year) return undefined;
  const n = Number(year);
  return /^\d{4}$/.test(year) && n >= 1940 && n <= new Date().getFullYear()
    ? undefined
    : VALIDATION.fullLicenceYearInvalid;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The saved supervisor with exactly this name and licence number (letter case and spaces aside), if any. */
export function matchingSupervisor(
  supervisors: readonly SavedSupervisor[],
  values: { supervisorName: string; supervisorLicenseNumber: string },
): SavedSupervisor | undefined {
  return supervisors.find(
    (s) => same(s.name, values.supervisorName) && same(s.licenseNumber, values.supervisorLicenseNumber),
  );
}

/**
 * The choice a form opens with: the saved supervisor whose name and licence it already holds (a draft), else the most
 * recently used one when the fields are empty, else someone else.
 */
export function initialSelection(
  supervisors: readonly SavedSupervisor[],
  values: { supervisorName: string; supervisorLicenseNumber: string },
): SupervisorSelection {
  const typed = values.supervisorName.trim() || values.supervisorLicenseNumber.trim();
  if (typed) {
    const match = matchingSupervisor(supervisors, values);
    return match ? { ...SOMEONE_ELSE, savedId: match.id } : SOMEONE_ELSE;
  }
  return supervisors[0] ? { ...SOMEONE_ELSE, savedId: supervisors[0].id } : SOMEONE_ELSE;
}

/** What the session says about its supervisor beyond the name and licence number. */
export function supervisorPayload(
  selection: SupervisorSelection,
  supervisors: readonly SavedSupervisor[],
): SupervisorChoice {
  const saved = selection.savedId === null ? undefined : supervisors.find((s) => s.id === selection.savedId);
  if (saved) return { supervisorId: saved.id, supervisorIsInstructor: saved.isInstructor };
  const year = (selection.fullLicenceYear ?? '').trim();
  return {
    supervisorIsInstructor: selection.isInstructor,
    rememberSupervisor: selection.remember,
    ...(selection.licenceState
      ? { supervisorLicenceState: selection.licenceState as SupervisorChoice['supervisorLicenceState'] }
      : {}),
    ...(year && !licenceYearProblem(selection) ? { supervisorFullLicenceYear: Number(year) } : {}),
  };
}
