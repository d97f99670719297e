import { Router } from 'express';
import { PARENT_COOKIE } from '@logbook/contracts/constants';
import { changePasswordSchema, deleteAccountSchema, exportQuerySchema } from '@logbook/contracts/account';
import { parentOf, requireParent } from '@logbook/service-kit/auth';
import { parseOr400 } from '@logbook/service-kit/errors';
import { changePassword, confirmPassword } from '../accounts/accounts';
import { clearSessionCookie } from '../accounts/routes';
import { deleteFamily, exportFamily, sessionsCsv } from './family';

const today = () => new Date().toISOString().slice(0, 10);

/** The parent's own account: its password, its data to take away, and closing it. */
export const familyRouter = Router();

familyRouter.put('/api/user/password', requireParent, async (req, res) => {
  const { currentPassword, newPassword } = parseOr400(changePasswordSchema, req.body);
  const parent = parentOf(res);
  res.json(await changePassword(parent.userId, currentPassword, newPassword, parent.sessionId));
});

familyRouter.get('/api/user/export', requireParent, async (req, res) => {
  const { format } = parseOr400(exportQuerySchema, req.query);
  const data = await exportFamily(parentOf(res).userId);
  const name = `learner-logbook-${format === 'csv' ? 'sessions' : 'data'}-${today()}.${format}`;
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  if (format === 'csv') res.type('text/csv; charset=utf-8').send(sessionsCsv(data));
  else res.json(data);
});

familyRouter.delete('/api/user', requireParent, async (req, res) => {
  const { password } = parseOr400(deleteAccountSchema, req.body);
  const { userId } = parentOf(res);
  await confirmPassword(userId, password);
  await deleteFamily(userId);
  clearSessionCookie(req, res, PARENT_COOKIE);
  res.status(204).end();
});
