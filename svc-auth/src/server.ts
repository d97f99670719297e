import { logger } from '@logbook/service-kit/logger';
import { runService } from '@logbook/service-kit/server';
import { UserModel } from './accounts/model';
import { createAuthApp } from './app';
import { RateLimitModel } from './limits/model';
import { StudentLoginVersionModel } from './student-sessions/login-versions';

void runService({
  name: 'svc-auth',
  defaultPort: 4001,
  signsTokens: true,
  models: [UserModel, RateLimitModel, StudentLoginVersionModel],
  createApp: () => createAuthApp(),
}).catch((err: unknown) => {
  logger.fatal({ err }, 'svc-auth could not start');
  process.exit(1);
});
