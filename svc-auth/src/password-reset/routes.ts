import { authApi } from '@logbook/contracts/auth-api';
import { PASSWORD_RESET } from '@logbook/contracts/messages';
import { declaredRouter } from '@logbook/service-kit/declared';
import type { RateLimits } from '../config';
import { passwordResetLimits } from '../rate-limits';
import { confirmPasswordReset, startPasswordReset } from './password-reset';

export function passwordResetRouter(limits: RateLimits) {
  const { router, route } = declaredRouter(authApi, { 'POST /api/password-reset': passwordResetLimits(limits) });

  route('POST /api/password-reset', async ({ body: { email } }) => {
    startPasswordReset(email);
    return { message: PASSWORD_RESET.requested };
  });

  route('POST /api/password-reset/confirm', async ({ body: { token, password } }) => {
    await confirmPasswordReset(token, password);
    return { message: PASSWORD_RESET.passwordSet.description };
  });

  return router;
}
