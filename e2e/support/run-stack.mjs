// Child process for the browser tests: builds stale front ends, starts the whole stack, prints its URL as one
// JSON line, and stops everything when the parent closes stdin or sends SIGTERM.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildFrontEnds } from '../../scripts/build.mjs';
import { startStack } from '../../scripts/stack.mjs';

const log = (msg) => process.stderr.write(`[e2e stack] ${msg}\n`);

/**
 * Test files run in parallel and each starts a stack: only one may build at a time (two builds of one app
 * clobber each other's output and federation files); the others then find nothing stale.
 */
async function withBuildLock(run) {
  const lock = path.join(os.tmpdir(), 'logbook-e2e-build.lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      // A lock left by a build that died long ago is not waited for.
      const age = Date.now() - fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (age > 10 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`Gave up waiting for the front-end build lock ${lock}`);
      else await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return run();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Jest sets NODE_ENV=test, under which the federation plugin leaves remote imports unresolved. */
function buildForProduction() {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    buildFrontEnds({ onlyStale: true });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

// Build output goes to the inherited stdout too; the parent only reads the one JSON line.
if (process.env.E2E_SKIP_BUILD !== '1') await withBuildLock(buildForProduction);

/**
 * The stack, started again once if a process of it does not come up: on a machine busy with other journeys a service
 * can miss its minute to answer. A second failure is the journey's failure, with both outputs.
 */
async function startWithOneRetry() {
  try {
    return await startStack({ gatewayPort: 0 });
  } catch (err) {
    log(`the stack did not start, starting it again: ${err.message}`);
    return startStack({ gatewayPort: 0 });
  }
}

const stack = await startWithOneRetry();
log(`up at ${stack.url} (${stack.databaseDescription.split('\n')[0]})`);
process.stdout.write(`${JSON.stringify({ url: stack.url, inboxUrl: stack.mail?.webUrl })}\n`);

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
