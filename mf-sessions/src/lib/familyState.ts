import type { StateCode } from '@logbook/contracts/state-codes';

/*
 * The family's state, as the server last said it with the vehicles (per student: a shared device may serve two
 * families): the session form applies the state's rule with it when there is no connection.
 */

const key = (studentId: number) => `logbook.sessions.familyState-${studentId}`;

export function rememberFamilyState(studentId: number, state: StateCode): void {
  try {
    localStorage.setItem(key(studentId), state);
  } catch {
    // Storage full or blocked: the form then asks the server each time.
  }
}

export function recallFamilyState(studentId: number): StateCode | undefined {
  try {
    const kept = localStorage.getItem(key(studentId));
    // Only ever written from the server's answer; a code the rule data does not know asks nothing more.
    return kept && /^[A-Z]{2,3}$/.test(kept) ? (kept as StateCode) : undefined;
  } catch {
    return undefined;
  }
}
