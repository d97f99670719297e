import { runService } from '@logbook/service-kit/server';
import { createLogbookApp, logbookModels } from './app';

void runService({
  name: 'svc-logbook',
  defaultPort: 4004,
  models: logbookModels,
  createApp: () => createLogbookApp(),
}).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
