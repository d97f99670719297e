import type { DrivingSession } from '@logbook/contracts/view';

/** A listed session, with whether it still counts and, when corrected or removed, why and when. */
export type HistoryEntry = DrivingSession;

/** The fields the history shows about a change (older answers lack them). */
export type SessionChangeFields = Pick<
  DrivingSession,
  | 'weatherConditions'
  | 'supervisorIsInstructor'
  | 'status'
  | 'correctionOf'
  | 'supersededBy'
  | 'changeReason'
  | 'changedAt'
>;

/** An entry that still counts: not replaced by a correction, not removed (older answers carry no status). */
export const isInForce = (session: { status?: string | null }) => !session.status || session.status === 'in_force';
