import type { StateCode, TimeOfDay } from '@logbook/contracts/view';
import { keyToUrl, type SwrKey } from '@logbook/shell-context/shared';

export interface SessionFilters {
  fromDate: string;
  toDate: string;
  timeOfDay: '' | TimeOfDay;
}

export const NO_FILTERS: SessionFilters = { fromDate: '', toDate: '', timeOfDay: '' };

const sessionsBase = (studentId: number) => `/api/driving-sessions/${studentId}`;

/** GET /api/driving-sessions/{studentId} with only the filters that are set, so the unfiltered list has one key. */
export function sessionListKey(
  studentId: number,
  filters: SessionFilters = NO_FILTERS,
  { history = false }: { history?: boolean } = {},
): string {
  const params = new URLSearchParams();
  if (filters.fromDate) params.set('fromDate', filters.fromDate);
  if (filters.toDate) params.set('toDate', filters.toDate);
  if (filters.timeOfDay) params.set('timeOfDay', filters.timeOfDay);
  // With the entries corrected or removed, each with its reason and when.
  if (history) params.set('include', 'history');
  const query = params.toString();
  return query ? `${sessionsBase(studentId)}?${query}` : sessionsBase(studentId);
}

export const sessionSummaryKey = (studentId: number) => `${sessionsBase(studentId)}/summary`;

/** GET /api/driving-sessions/{studentId}/insights: pace over four weeks and the conditions practised. */
export const sessionInsightsKey = (studentId: number) => `${sessionsBase(studentId)}/insights`;

/** GET /api/driving-sessions/{studentId}/readiness: whether the log book would pass today. */
export const sessionReadinessKey = (studentId: number) => `${sessionsBase(studentId)}/readiness`;

/**
 * Matches every cached read of one student's sessions (lists with any filters, the summary), whichever key
 * shape a front end used: '/api/driving-sessions/7?…' or ['/api/driving-sessions', 7, 'summary'].
 */
export function isStudentSessionsKey(studentId: number) {
  const base = sessionsBase(studentId);
  return (key: unknown): boolean => {
    if (typeof key !== 'string' && !Array.isArray(key)) return false;
    let url: string;
    try {
      url = keyToUrl(key as SwrKey);
    } catch {
      return false;
    }
    return url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`);
  };
}

/*
 * The family's state, as the server last said it with the vehicles or the progress (per student: a shared device may
 * serve two families): the session form applies the state's rule with it when there is no connection.
 */
const familyStateKey = (studentId: number) => `logbook.sessions.familyState-${studentId}`;

export function rememberFamilyState(studentId: number, state: StateCode): void {
  try {
    localStorage.setItem(familyStateKey(studentId), state);
  } catch {
    // Storage full or blocked: the form then asks the server each time.
  }
}

export function recallFamilyState(studentId: number): StateCode | undefined {
  try {
    const kept = localStorage.getItem(familyStateKey(studentId));
    // Only ever written from the server's answer; a code the rule data does not know asks nothing more.
    return kept && /^[A-Z]{2,3}$/.test(kept) ? (kept as StateCode) : undefined;
  } catch {
    return undefined;
  }
}
