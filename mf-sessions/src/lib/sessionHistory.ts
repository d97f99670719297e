import type { DrivingSession, ListedTextFields } from '@logbook/contracts/view';

/** A listed session, with whether it still counts and, when corrected or removed, why and when. */
export type HistoryEntry = DrivingSession;

/** The rest of what the history shows of an entry (older answers, and sessions still on the device, lack some). */
export type SessionChangeFields = Partial<Omit<DrivingSession, keyof ListedTextFields | 'studentId'>>;

/** An entry that still counts: not replaced by a correction, not removed (older answers carry no status). */
export const isInForce = (session: { status?: string | null }) => !session.status || session.status === 'in_force';
