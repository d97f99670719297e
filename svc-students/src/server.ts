import { logger } from '@logbook/service-kit/logger';
import { runService } from '@logbook/service-kit/server';
import { createApp, models, SERVICE_NAME } from './app';
import { publisher, publishUnversioned } from './events/publisher';

runService({
  name: SERVICE_NAME,
  defaultPort: 4002,
  models,
  createApp: () => {
    publisher.startRetries();
    publishUnversioned().catch((err: unknown) => logger.warn({ err }, 'students written before events not sent yet'));
    return createApp();
  },
}).catch((err) => {
  logger.fatal({ err }, `${SERVICE_NAME} could not start`);
  process.exit(1);
});
