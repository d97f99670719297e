// `node bench/verify.mjs`: how fast a parent's session list answers while ten anonymous verification checks of the
// same log book arrive at once, written to bench/results/verify.json. Figures only: nothing here passes or fails on
// time. For comparison, the same with ten checks that are always made afresh (the family's own verification view).
import crypto from 'node:crypto';
import { PNG } from 'pngjs';
import { startStack } from '../scripts/stack.cjs';
import { median, parentWithActiveStudent, round, seedSessions, sessionBody, timed, writeResults } from './lib.mjs';

const SESSIONS = Number(process.env.BENCH_VERIFY_SESSIONS ?? 40);
const CONCURRENT = 10;
// Three rounds of ten per run, a minute apart: verification allows 60 checks a minute from one address.
const ROUNDS = 3;

/** Noise no compressor can shrink: a signature close to the 200 KB allowed (each copy made unique by lib.mjs). */
function largeSignature() {
  const png = new PNG({ width: 220, height: 220 });
  crypto.randomFillSync(png.data);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

const stack = await startStack({ quiet: true });
try {
  const { client, student } = await parentWithActiveStudent(stack.url, 'verify');
  const own = `${stack.url}/api/driving-sessions/${student.id}/verification`;
  // Read while the log is empty: the family's own view checks afresh, which a full log makes slow.
  const { code } = await client.call('GET', `/api/driving-sessions/${student.id}/verification`);
  await seedSessions(client, student.id, SESSIONS, [largeSignature(), largeSignature()], 2);
  let logged = SESSIONS;
  const list = `${stack.url}/api/driving-sessions/${student.id}`;
  const signedIn = { headers: { cookie: client.cookieHeader } };

  for (let i = 0; i < 3; i++) await timed(list, signedIn);
  const alone = [];
  for (let i = 0; i < ROUNDS; i++) alone.push((await timed(list, signedIn)).ms);

  /** Ten checks at once and the list asked for while they run; `fresh` logs a session first so the head moves. */
  async function underChecks(checkUrl, init, fresh) {
    const lists = [];
    const checks = [];
    const statuses = new Set();
    for (let r = 0; r < ROUNDS; r++) {
      if (fresh) {
        // The next day's drive: a drive overlapping one already logged would be refused.
        const body = sessionBody(student.id, logged++, [largeSignature(), largeSignature()]);
        await client.call('POST', '/api/driving-sessions', body);
      }
      const running = Array.from({ length: CONCURRENT }, () => timed(checkUrl, init));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const listed = await timed(list, signedIn);
      const done = await Promise.all(running);
      lists.push(listed.ms);
      statuses.add(listed.res.status);
      for (const c of done) {
        checks.push(c.ms);
        statuses.add(c.res.status);
      }
    }
    return {
      listMedianMs: round(median(lists)),
      listMaxMs: round(Math.max(...lists)),
      checkMedianMs: round(median(checks)),
      checkMaxMs: round(Math.max(...checks)),
      statuses: [...statuses].sort(),
    };
  }

  const results = {
    at: new Date().toISOString(),
    sessions: SESSIONS,
    concurrentChecks: CONCURRENT,
    rounds: ROUNDS,
    listAloneMedianMs: round(median(alone)),
    anonymousAfterEachNewSession: await underChecks(`${stack.url}/api/verify/${code}`, {}, true),
    // After the pause the last answer is a minute old: one call checks afresh before the rounds, which then reuse it.
    anonymousUnchangedLog: await new Promise((resolve) => setTimeout(resolve, 61_000))
      .then(() => timed(`${stack.url}/api/verify/${code}`))
      .then(() => underChecks(`${stack.url}/api/verify/${code}`, {}, false)),
    alwaysAfreshForComparison: await underChecks(own, signedIn, false),
  };
  console.table({
    'list alone': { listMedianMs: results.listAloneMedianMs },
    'anonymous, head moved each round': results.anonymousAfterEachNewSession,
    'anonymous, log unchanged': results.anonymousUnchangedLog,
    'checked afresh every time': results.alwaysAfreshForComparison,
  });
  writeResults('verify.json', `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await stack.stop();
}
