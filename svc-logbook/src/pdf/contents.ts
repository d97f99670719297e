import type { Progress } from '@logbook/contracts/progress';
import type { Readiness } from '@logbook/contracts/readiness';
import type { SESSION_FIELDS } from '@logbook/contracts/session-fields';
import type { DrivingSessionRecord } from '../sessions/model';
import type { SessionSignatures } from '../sessions/signatures';
import type { OpeningBalance, StudentRecord } from '../students/model';

export type LogbookStudent = Pick<StudentRecord, 'firstName' | 'lastName' | 'dateOfBirth' | 'licenseNumber'>;

type Registry = typeof SESSION_FIELDS;
type PrintedField = { [K in keyof Registry]: Registry[K] extends { printed: string } ? K : never }[keyof Registry];

/**
 * A session as the table prints it: the stored session's printed fields, with the print copies of its signatures
 * (absent only when the stored signatures could not be found: the row says so in their place).
 */
export type LogbookSession = Pick<DrivingSessionRecord, PrintedField | 'hash' | 'status' | 'changeReason'> &
  SessionSignatures;

export interface LogbookVerification {
  code: string;
  url: string;
  /** The QR code of `url`, as a PNG. */
  qr: Buffer;
}

export type LogbookProgress = Progress & { openingBalance: Required<OpeningBalance> | null };

export interface LogbookContents {
  progress: LogbookProgress;
  /** Whether the log book would pass today, printed as a checklist on the first page. */
  readiness: Readiness;
  /**
   * At most how many rows `sessions` yields (entries in force, and corrected and removed ones struck through): the
   * page count is printed on page 1, before they are read.
   */
  sessionCount: number;
  sessions: AsyncIterable<LogbookSession>;
  verification: LogbookVerification;
}

export interface LogbookInput {
  student: LogbookStudent;
  madeOn: string;
  /** Read once the document has started to flow, so the reader sees bytes at once even for a long log book. */
  contents: () => Promise<LogbookContents>;
}
