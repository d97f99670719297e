import type { Request, Response } from 'express';
import { authApi } from '@logbook/contracts/auth-api';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { parentOf } from '@logbook/service-kit/auth';
import { ANSWERED, declaredRouter } from '@logbook/service-kit/declared';
import { changePassword, confirmPassword, emailOf } from '../accounts/accounts';
import { clearSessionCookie } from '../accounts/routes';
import type { RateLimits } from '../config';
import { signInSucceeded } from '../limits/account-lock';
import { admitPasswordCheck } from '../passwords';
import { passwordRecheckLimit } from '../rate-limits';
import { hasOtherGuardians } from '../guardians/families';
import { closeGuardianAccount, deleteFamily, exportFamily, exportSessionsCsv } from './family';

const today = () => new Date().toISOString().slice(0, 10);

/** The parent's own account: its password, its data to take away, and closing it. */
export function familyRouter(limits: RateLimits) {
  const { router, route } = declaredRouter(authApi, {
    'PUT /api/user/password': [admitPasswordCheck],
    'DELETE /api/user': [admitPasswordCheck],
  });
  const countRecheck = passwordRecheckLimit(limits);

  /** The password typed again, counted like a sign-in to the account from this address (429 while locked out). */
  const recheckPassword = async (req: Request, res: Response, password: string) => {
    const { guardianId } = parentOf(res);
    await countRecheck(req, res, await emailOf(guardianId));
    await confirmPassword(guardianId, password);
    await signInSucceeded(res);
  };

  route('PUT /api/user/password', async ({ req, res, body: { currentPassword, newPassword } }) => {
    const parent = parentOf(res);
    await recheckPassword(req, res, currentPassword);
    return changePassword(parent.guardianId, newPassword, parent.sessionId);
  });

  route('GET /api/user/export', async ({ res, query: { format } }) => {
    const { guardianId, familyId } = parentOf(res);
    const name = `learner-logbook-${format === 'csv' ? 'sessions' : 'data'}-${today()}.${format}`;
    const attach = () => res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    if (format !== 'csv') {
      const data = await exportFamily(guardianId, familyId);
      attach();
      return data;
    }
    const csv = await exportSessionsCsv(guardianId, familyId);
    attach().type('text/csv; charset=utf-8').send(csv);
    return ANSWERED;
  });

  route('DELETE /api/user', async ({ req, res, body: { password } }) => {
    await recheckPassword(req, res, password);
    const { guardianId, familyId } = parentOf(res);
    // A guardian who is not the last leaves the family and their account goes; the last one closes the family.
    if (await hasOtherGuardians(guardianId, familyId)) await closeGuardianAccount(guardianId, familyId);
    else await deleteFamily(guardianId, familyId);
    clearSessionCookie(req, res, PARENT_COOKIE);
  });

  return router;
}
