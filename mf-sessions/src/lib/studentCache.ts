import { studentSchema } from '@logbook/contracts/shared';
import { ApiError } from '@logbook/shell-context/shared';

/** What the session form needs to know about a student to work without a connection. */
export interface RememberedStudent {
  id: number;
  firstName: string;
  lastName: string;
  subscriptionStatus: string;
  /** Lets the form refuse a date before the student was born, offline too. */
  dateOfBirth?: string;
}

/** A remembered student read back with the student contract; fields an older copy lacks get safe values. */
const rememberedSchema = studentSchema.pick({ id: true, firstName: true }).extend({
  lastName: studentSchema.shape.lastName.catch(''),
  subscriptionStatus: studentSchema.shape.subscriptionStatus.catch('inactive'),
  dateOfBirth: studentSchema.shape.dateOfBirth.optional().catch(undefined),
});

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
    const parsed = rememberedSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return undefined;
    if (scope === 'parent' && parsed.data.id !== id) return undefined;
    return pick(parsed.data);
  } catch {
    return undefined;
  }
}

/** No answer from the server at all (offline), or the gateway could not reach it: the last known record will do. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 503 || error.status === 504;
  return error instanceof TypeError;
}
