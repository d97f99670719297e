import { studentCredentialsSchema, type StudentCredentials } from '@logbook/contracts/schemas';

/** Both fields required and non-blank after trimming ('Please enter both username and password'). */
export function validateCredentials(
  studentUsername: string,
  studentPassword: string,
): { ok: true; data: StudentCredentials } | { ok: false; message: string } {
  const parsed = studentCredentialsSchema.safeParse({ studentUsername, studentPassword });
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Please enter both username and password' };
}
