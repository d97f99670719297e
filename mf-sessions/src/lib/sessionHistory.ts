import type { DrivingSession, ListedOtherFields } from '@logbook/contracts/view';

/** A listed session, with whether it still counts and, when corrected or removed, why and when. */
export type HistoryEntry = DrivingSession;

/** The listed fields beyond the text, and what the history shows about a change (older answers lack them). */
export type SessionChangeFields = ListedOtherFields &
  Pick<DrivingSession, 'status' | 'supersededBy' | 'changeReason' | 'changedAt'>;

/** An entry that still counts: not replaced by a correction, not removed (older answers carry no status). */
export const isInForce = (session: { status?: string | null }) => !session.status || session.status === 'in_force';
