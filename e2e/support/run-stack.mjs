// Child process for the browser tests: builds stale front ends, starts the whole stack, prints its URL as one
// JSON line, and stops everything when the parent closes stdin or sends SIGTERM.
import { buildFrontEnds } from '../../scripts/build.mjs';
import { startStack } from '../../scripts/stack.mjs';

const log = (msg) => process.stderr.write(`[e2e stack] ${msg}\n`);

// Build output goes to the inherited stdout too; the parent only reads the one JSON line.
if (process.env.E2E_SKIP_BUILD !== '1') buildFrontEnds({ onlyStale: true });

const stack = await startStack({ gatewayPort: 0 });
log(`up at ${stack.url} (${stack.databaseDescription.split('\n')[0]})`);
process.stdout.write(`${JSON.stringify({ url: stack.url })}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.stdin.on('end', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
