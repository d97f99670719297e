// `npm run openapi:proxy-check`: Stoplight Prism's validating proxy (`prism proxy docs/openapi.json <upstream>
// --errors=false`) in front of the product, with ordinary traffic over every route (scripts/openapi-traffic.mjs).
// Prism judges each request and answer against docs/openapi.json and names what the description does not say in an
// `sl-violations` header (and its log). Fails on any violation other than one in a request the API itself refused as
// invalid (answered 400, 401, 413 or 415), and on a described route the traffic never reached.
//
//   npm run openapi:proxy-check                       starts its own stack (as the browser tests do)
//   npm run openapi:proxy-check -- --upstream URL     in front of a running `npm start`; start that with
//                                                     PUBLIC_ORIGIN=http://127.0.0.1:<proxy port> (default 4610)
//                                                     and the sign-in limits raised, see the README
//   npm run openapi:proxy-check -- --document FILE    judges another description (an older release's)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { driveTraffic } from './openapi-traffic.mjs';
import { ROOT, freePort, startStack, stopProcess, waitFor } from './stack.cjs';

const { values: args } = parseArgs({
  options: {
    upstream: { type: 'string' },
    inbox: { type: 'string' },
    port: { type: 'string' },
    document: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});

/** Refused by the API as input it does not take (or a caller it does not know): what was sent need not be described. */
const REFUSED_AS_INVALID = new Set([400, 401, 413, 415]);
// Another description may be judged in its place (an older release's, to compare).
const DOCUMENT = path.resolve(args.document ?? path.join(ROOT, 'docs/openapi.json'));
const PRISM = path.join(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js');

const say = (line) => process.stdout.write(`${line}\n`);

/** The described operation ("GET /api/students/{id}") a call reached, if any. */
function describedOperations() {
  const doc = JSON.parse(fs.readFileSync(DOCUMENT, 'utf8'));
  return Object.entries(doc.paths).flatMap(([template, item]) =>
    Object.keys(item).map((method) => ({
      key: `${method.toUpperCase()} ${template}`,
      method: method.toUpperCase(),
      pattern: new RegExp(`^${template.replace(/\{[^}/]+\}/g, '[^/]+')}$`),
    })),
  );
}

async function main() {
  const port = Number(args.port ?? (args.upstream ? 4610 : await freePort()));
  const proxy = `http://127.0.0.1:${port}`;
  let stack;
  let prism;
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'prism-')), 'prism.log');
  try {
    let upstream = args.upstream;
    let inboxUrl = args.inbox;
    if (!upstream) {
      say('Starting the product...');
      // The proxy is the address the client opens: the same-origin check judges writes against it.
      stack = await startStack({ gatewayPort: 0, env: { PUBLIC_ORIGIN: proxy } });
      upstream = stack.url;
      inboxUrl = stack.mail?.webUrl;
    }
    const out = fs.openSync(logFile, 'w');
    // CORS off: Prism would otherwise answer preflights and add headers of its own.
    prism = spawn(
      process.execPath,
      [PRISM, 'proxy', DOCUMENT, upstream, '--errors=false', '--cors=false', '--host=127.0.0.1', `--port=${port}`],
      { cwd: ROOT, stdio: ['ignore', out, out] },
    );
    await waitFor(`${proxy}/api/health`, { child: prism, name: 'Prism' }).catch((err) => {
      throw new Error(`Prism did not start (${err.message}):\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    });
    say(`Prism ${proxy} → ${upstream}; its log: ${logFile}`);

    const calls = await driveTraffic({
      base: proxy,
      upstream,
      origin: proxy,
      inboxUrl,
      log: (what) => say(`  ${what}`),
    });

    const operations = describedOperations();
    const reached = new Set();
    const violations = [];
    const excused = [];
    const notForwarded = [];
    for (const c of calls) {
      const path = c.path.split('?')[0];
      const op = operations.find((o) => o.method === c.method && o.pattern.test(path));
      if (op) reached.add(op.key);
      // Everything the gateway answers carries its request id; without it, Prism answered by itself.
      if (!c.headers.get('x-request-id')) notForwarded.push(c);
      const header = c.headers.get('sl-violations');
      if (!header) continue;
      for (const v of JSON.parse(header)) {
        const found = { call: c, where: v.location.join('.'), severity: v.severity, message: v.message };
        if (v.location[0] === 'request' && REFUSED_AS_INVALID.has(c.status)) excused.push(found);
        else violations.push(found);
      }
    }
    const unreached = operations.filter((o) => !reached.has(o.key)).map((o) => o.key);
    const logged = (fs.readFileSync(logFile, 'utf8').match(/Violation: /g) ?? []).length;

    const describe = (f) =>
      `${f.call.method} ${f.call.path.slice(0, 80)} → ${f.call.status}${f.call.note ? ` (${f.call.note})` : ''}: ` +
      `[${f.severity}] ${f.where}: ${f.message}`;
    say('');
    say(`Requests through Prism: ${calls.length}; described operations reached: ${reached.size}/${operations.length}`);
    say(`Violations Prism named (its log: ${logged}):`);
    say(`  in requests the API refused as invalid (allowed): ${excused.length}`);
    if (args.verbose) for (const f of excused) say(`    ${describe(f)}`);
    say(`  others: ${violations.length}`);
    for (const f of violations) say(`    ${describe(f)}`);
    for (const c of notForwarded) say(`  answered by Prism, not forwarded: ${c.method} ${c.path} → ${c.status}`);
    for (const key of unreached) say(`  not reached: ${key}`);
    const failed = violations.length > 0 || unreached.length > 0 || notForwarded.length > 0;
    say(failed ? 'openapi:proxy-check: FAILED' : 'openapi:proxy-check: every answer is described');
    return failed ? 1 : 0;
  } finally {
    if (prism) await stopProcess(prism, 5000);
    if (stack) await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`openapi:proxy-check could not run: ${err.stack ?? err.message}`);
    process.exit(2);
  },
);
