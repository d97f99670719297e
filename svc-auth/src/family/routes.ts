import { Router, type Request, type Response } from 'express';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { changePasswordSchema, deleteAccountSchema, exportQuerySchema } from '@logbook/contracts/account';
import { parentOf, requireParent } from '@logbook/service-kit/auth';
import { parseOr400 } from '@logbook/service-kit/errors';
import { changePassword, confirmPassword, emailOf } from '../accounts/accounts';
import { clearSessionCookie } from '../accounts/routes';
import type { RateLimits } from '../config';
import { signInSucceeded } from '../limits/account-lock';
import { admitPasswordCheck } from '../passwords';
import { passwordRecheckLimit } from '../rate-limits';
import { deleteFamily, exportFamily, exportSessionsCsv } from './family';

const today = () => new Date().toISOString().slice(0, 10);

/** The parent's own account: its password, its data to take away, and closing it. */
export function familyRouter(limits: RateLimits): Router {
  const router = Router();
  const countRecheck = passwordRecheckLimit(limits);

  /** The password typed again, counted like a sign-in to the account from this address (429 while locked out). */
  const recheckPassword = async (req: Request, res: Response, password: string) => {
    const { userId } = parentOf(res);
    await countRecheck(req, res, await emailOf(userId));
    await confirmPassword(userId, password);
    await signInSucceeded(res);
  };

  router.put('/api/user/password', requireParent, admitPasswordCheck, async (req, res) => {
    const { currentPassword, newPassword } = parseOr400(changePasswordSchema, req.body);
    const parent = parentOf(res);
    await recheckPassword(req, res, currentPassword);
    res.json(await changePassword(parent.userId, newPassword, parent.sessionId));
  });

  router.get('/api/user/export', requireParent, async (req, res) => {
    const { format } = parseOr400(exportQuerySchema, req.query);
    const { userId } = parentOf(res);
    const name = `learner-logbook-${format === 'csv' ? 'sessions' : 'data'}-${today()}.${format}`;
    if (format === 'csv') {
      const csv = await exportSessionsCsv(userId);
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      res.type('text/csv; charset=utf-8').send(csv);
    } else {
      const data = await exportFamily(userId);
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      res.json(data);
    }
  });

  router.delete('/api/user', requireParent, admitPasswordCheck, async (req, res) => {
    const { password } = parseOr400(deleteAccountSchema, req.body);
    await recheckPassword(req, res, password);
    await deleteFamily(parentOf(res).userId);
    clearSessionCookie(req, res, PARENT_COOKIE);
    res.status(204).end();
  });

  return router;
}
