import { VALIDATION } from '@logbook/contracts/view';
import { invitationRequestSchema } from '@logbook/contracts/family';

/** The invitee's address as the server will take it (trimmed, lower case), or the message the form shows. */
export function checkInvitee(email: string): { email: string } | { error: string } {
  const parsed = invitationRequestSchema.safeParse({ email });
  if (parsed.success) return { email: parsed.data.email };
  return { error: parsed.error.issues[0]?.message ?? VALIDATION.invalidEmail };
}
