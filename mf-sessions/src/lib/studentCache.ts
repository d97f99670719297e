import { ApiError } from '@logbook/shell-context/shared';
import { isEntry } from '@logbook/session-device/storedValues';

/** What the session form needs to know about a student to work without a connection. */
export interface RememberedStudent {
  id: number;
  firstName: string;
  lastName: string;
  subscriptionStatus: string;
  /** Lets the form refuse a date before the student was born, offline too. */
  dateOfBirth?: string;
}

/**
 * A remembered student read back as the student contract has them, or undefined when it is not one: it needs a whole
 * number id and a first name. Fields an older copy lacks get safe values; a date of birth that is not text reads as
 * none.
 */
export function readRememberedStudent(value: unknown): RememberedStudent | undefined {
  if (!isEntry(value)) return undefined;
  const { id, firstName, lastName, subscriptionStatus } = value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof firstName !== 'string') return undefined;
  const student: RememberedStudent = {
    id,
    firstName,
    lastName: typeof lastName === 'string' ? lastName : '',
    subscriptionStatus: typeof subscriptionStatus === 'string' ? subscriptionStatus : 'inactive',
  };
  if ('dateOfBirth' in value) {
    student.dateOfBirth = typeof value.dateOfBirth === 'string' ? value.dateOfBirth : undefined;
  }
  return student;
}

const key = (scope: 'parent' | 'student', id?: number) =>
  scope === 'student' ? 'logbook.sessions.signedInStudent' : `logbook.sessions.student-${id}`;

function pick(s: RememberedStudent): RememberedStudent {
  const kept = { id: s.id, firstName: s.firstName, lastName: s.lastName, subscriptionStatus: s.subscriptionStatus };
  return typeof s.dateOfBirth === 'string' ? { ...kept, dateOfBirth: s.dateOfBirth } : kept;
}

/** Keeps the student's name and status so the form opens offline next time. */
export function rememberStudent(scope: 'parent' | 'student', student: RememberedStudent): void {
  try {
    localStorage.setItem(key(scope, student.id), JSON.stringify(pick(student)));
  } catch {
    // Storage full or blocked: the form simply needs the network next time.
  }
}

export function forgetSignedInStudent(): void {
  try {
    localStorage.removeItem(key('student'));
  } catch {
    // Nothing stored.
  }
}

export function recallStudent(scope: 'parent' | 'student', id?: number): RememberedStudent | undefined {
  try {
    const raw = localStorage.getItem(key(scope, id));
    if (!raw) return undefined;
    const student = readRememberedStudent(JSON.parse(raw));
    if (!student) return undefined;
    if (scope === 'parent' && student.id !== id) return undefined;
    return pick(student);
  } catch {
    return undefined;
  }
}

/** No answer from the server at all (offline), or the gateway could not reach it: the last known record will do. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 503 || error.status === 504;
  return error instanceof TypeError;
}
