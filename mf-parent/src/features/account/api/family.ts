import { apiRequest, readAnswer } from '@logbook/shell-context/shared';
import { familyMessageAnswer } from '@logbook/contracts/view';

/** POST /api/family/invitations: the server emails the link (202), or says why not (already here, full, too many). */
export async function inviteGuardian(email: string) {
  const url = '/api/family/invitations';
  return readAnswer(await apiRequest('POST', url, { email }), familyMessageAnswer, url);
}

/** DELETE /api/family/guardians/:id: the billing owner takes another guardian out; they are signed out at once. */
export const removeGuardian = (guardianId: number) => apiRequest('DELETE', `/api/family/guardians/${guardianId}`);

/** POST /api/family/leave: the family's data stays with it, and this device is signed out. */
export async function leaveFamily() {
  const url = '/api/family/leave';
  return readAnswer(await apiRequest('POST', url), familyMessageAnswer, url);
}
