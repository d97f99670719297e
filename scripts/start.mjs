// `npm start`: build what is not built yet, then run the database, the services and the gateway until Ctrl-C.
import path from 'node:path';
import { buildFrontEnds } from './build.mjs';
import { ROOT } from './paths.mjs';
import { startStack } from './stack.cjs';

const port = Number(process.env.PORT ?? 8080);

buildFrontEnds({ onlyStale: true });
console.log('Starting Learner Logbook...');

let stack;
let stopping = false;
// Ctrl-C while starting is honoured once everything started is known, so nothing is left running.
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  if (!stack) return;
  console.log('\nStopping Learner Logbook...');
  await stack.stop();
  console.log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

try {
  stack = await startStack({
    gatewayPort: port,
    fixedServicePorts: true,
    persistent: true,
    dataDir: process.env.DATA_DIR ?? path.join(ROOT, '.data'),
    quiet: false,
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  });
} catch (err) {
  console.error(`Learner Logbook could not start: ${err.message}`);
  process.exit(1);
}
if (stopping) {
  stopping = false;
  await shutdown();
}

console.log('');
console.log(`Learner Logbook is running at ${stack.url}`);
console.log(`Database: ${stack.databaseDescription}`);
console.log(
  stack.mail
    ? `Mail inbox: ${stack.mail.webUrl} (every email the product sends shows here; set SMTP_URL to send real mail)`
    : `Mail: sent through ${process.env.SMTP_URL?.replace(/\/\/[^@/]*@/, '//')}`,
);
console.log('Press Ctrl-C to stop.');
