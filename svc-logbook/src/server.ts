import { runService } from '@logbook/service-kit/server';
import { createLogbookApp, ensureLogbookIndexes, logbookModels } from './app';

void runService({
  name: 'svc-logbook',
  defaultPort: 4004,
  models: logbookModels,
  createApp: async () => {
    await ensureLogbookIndexes();
    return createLogbookApp();
  },
}).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
