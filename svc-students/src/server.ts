import { logger } from '@logbook/service-kit/logger';
import { runService } from '@logbook/service-kit/server';
import { createApp, models, SERVICE_NAME } from './app';

runService({ name: SERVICE_NAME, defaultPort: 4002, models, createApp }).catch((err) => {
  logger.fatal({ err }, `${SERVICE_NAME} could not start`);
  process.exit(1);
});
