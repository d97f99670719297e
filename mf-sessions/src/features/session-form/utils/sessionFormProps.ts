import type { ReactNode } from 'react';
import type { HistoryEntry } from '../../../lib/sessionHistory';

/** What the session form is opened with: whose session, where it starts from, and where to go after. */
export interface SessionFormProps {
  studentId: number;
  studentName: string;
  /** When known, the form refuses a date before it (the server checks it in any case). */
  dateOfBirth?: string;
  loadDraftId: string | null;
  /** Fill the form from the drive just ended on this device. */
  fromDrive?: boolean;
  /** A logged entry to correct: the form opens with it, asks why, and posts a correction of it. */
  correcting?: HistoryEntry;
  /** After a session was logged or queued. */
  onFinished: () => void;
  /** Cancel is offered only when there is somewhere to go back to. */
  onCancel?: () => void;
  /** Shown above the form (for example a subscription warning). */
  notice?: ReactNode;
}
