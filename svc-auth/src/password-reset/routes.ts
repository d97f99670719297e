import { Router } from 'express';
import { PASSWORD_RESET } from '@logbook/contracts/messages';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from '@logbook/contracts/account';
import { parseOr400 } from '@logbook/service-kit/errors';
import type { RateLimits } from '../config';
import { passwordResetLimits } from '../rate-limits';
import { confirmPasswordReset, requestPasswordResetAfterAnswer } from './password-reset';

export function passwordResetRouter(limits: RateLimits): Router {
  const router = Router();

  router.post('/api/password-reset', ...passwordResetLimits(limits), async (req, res) => {
    const { email } = parseOr400(passwordResetRequestSchema, req.body);
    res.status(202).json({ message: PASSWORD_RESET.requested });
    requestPasswordResetAfterAnswer(email);
  });

  router.post('/api/password-reset/confirm', async (req, res) => {
    const { token, password } = parseOr400(passwordResetConfirmSchema, req.body);
    await confirmPasswordReset(token, password);
    res.json({ message: PASSWORD_RESET.passwordSet.description });
  });

  return router;
}
