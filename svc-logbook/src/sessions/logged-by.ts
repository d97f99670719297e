import { internalGuardianSchema } from '@logbook/contracts/internal-api';
import type { Callers } from '@logbook/service-kit/auth';
import { callInternal } from '@logbook/service-kit/internal';
import { logger } from '@logbook/service-kit/logger';
import type { StudentRecord } from '../students/model';

/** The guardian who logged an entry: their account (kept beside the entry) and its email (sealed into it). */
export interface LoggedBy {
  guardianId: number;
  email: string;
}

/**
 * The guardian logging an entry for a student of their family, with their email as svc-auth knows it. A student
 * logging for themselves is no guardian (nothing is noted). svc-auth not answering does not stop a drive being
 * logged: the entry is then kept without it, as entries logged before were.
 */
export async function loggingGuardian(callers: Callers, student: StudentRecord): Promise<LoggedBy | undefined> {
  const parent = callers.parent;
  if (!parent || parent.familyId !== student.userId) return undefined;
  try {
    const reply = await callInternal(internalGuardianSchema, 'auth', 'GET', `/internal/guardians/${parent.guardianId}`);
    // A guardian no longer of this family (they left a moment ago) is not named on its entries.
    if (!reply.ok || reply.body.familyId !== parent.familyId) return undefined;
    return { guardianId: parent.guardianId, email: reply.body.email };
  } catch (err) {
    logger.warn({ err, guardianId: parent.guardianId }, 'who logged the entry could not be asked');
    return undefined;
  }
}
