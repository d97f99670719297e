import type { StudentCredentials } from '@logbook/contracts/view';
import { studentLoginSchema } from '@logbook/contracts/schemas';

/**
 * Both fields required and non-blank after trimming, a username without hidden characters and a password of at least
 * 8 characters; the server also refuses the most common passwords, and the dialog shows its reason.
 */
export function validateCredentials(
  studentUsername: string,
  studentPassword: string,
): { ok: true; data: StudentCredentials } | { ok: false; message: string } {
  const parsed = studentLoginSchema.safeParse({ studentUsername, studentPassword });
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Please enter both username and password' };
}
