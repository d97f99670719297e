import { logger } from '@logbook/service-kit/logger';
import { mailProblems } from '@logbook/service-kit/production';
import { runService } from '@logbook/service-kit/server';
import { UserModel } from './accounts/model';
import { createAuthApp } from './app';
import { giveEveryAccountAFamily } from './guardians/migration';
import { FamilyInvitationModel } from './guardians/model';
import { RateLimitModel } from './limits/model';
import { MailMessageModel } from './mail/model';
import { startMailSender } from './mail/queue';
import { PasswordResetTokenModel } from './password-reset/model';
import { StudentLoginVersionModel } from './student-sessions/login-versions';

// The index step sends no mail; serving does, and a family must get its reset links.
const problems = process.argv.includes('--create-indexes') ? [] : mailProblems();
if (problems.length) {
  logger.fatal(`svc-auth will not start: ${problems.join('; ')}`);
  process.exit(1);
}

void runService({
  name: 'svc-auth',
  defaultPort: 4001,
  signsTokens: true,
  models: [
    UserModel,
    RateLimitModel,
    StudentLoginVersionModel,
    MailMessageModel,
    PasswordResetTokenModel,
    FamilyInvitationModel,
  ],
  createApp: async () => {
    // Before serving: every account belongs to a family (idempotent, safe on replicas starting together).
    await giveEveryAccountAFamily();
    const app = createAuthApp();
    // The queue is sent in the background: a request only adds to it.
    startMailSender();
    return app;
  },
}).catch((err: unknown) => {
  logger.fatal({ err }, 'svc-auth could not start');
  process.exit(1);
});
