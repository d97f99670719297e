// Mixed load through the gateway: sign-ins, session posts with client ids, list and summary reads.
// Afterwards, every acknowledged session must be stored exactly once. `npm run bench:load`
import { startStack } from '../scripts/stack.cjs';
import { cannon, parentWithActiveStudent, round, sessionBody, signaturePng, writeResults } from './lib.mjs';
import { openDatabase } from './scale.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const stack = await startStack({
  quiet: true,
  env: { AUTH_RATE_LIMIT_IP_MAX: '100000', AUTH_RATE_LIMIT_ACCOUNT_MAX: '100000', SESSION_POSTS_PER_HOUR: '100000' },
});
try {
  const families = await Promise.all(
    Array.from({ length: 5 }, (_, i) => parentWithActiveStudent(stack.url, `load${i}`)),
  );
  const signatures = [signaturePng(7), signaturePng(8)];
  const acknowledged = new Set();
  const byStep = {};
  const tally = (step) => (status) => {
    byStep[step] ??= {};
    byStep[step][status] = (byStep[step][status] ?? 0) + 1;
  };
  // Sign-ins timed from when each is sent; a 429 is the lockout answering, not the service keeping up.
  const signInMs = [];
  const sessionPostMs = [];
  let slowestPost = { ms: 0, serverTiming: null };
  const percentile = (sorted, p) =>
    sorted.length ? round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]) : null;
  /** The family's read of its student's log book (`suffix` after its address), tallied as `step`. */
  const read = (step, suffix) => ({
    method: 'GET',
    setupRequest: (req, context) => ({
      ...req,
      path: `/api/driving-sessions/${context.family.student.id}${suffix}`,
      headers: { cookie: context.family.client.cookieHeader },
    }),
    onResponse: tally(step),
  });
  let n = 0;
  const result = await cannon({
    url: stack.url,
    connections: 50,
    duration: DURATION,
    initialContext: {},
    requests: [
      {
        method: 'POST',
        path: '/api/login',
        setupRequest: (req, context) => {
          context.family = families[n++ % families.length];
          context.signInSentAt = performance.now();
          return {
            ...req,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: context.family.email, password: 'benchmark-pass' }),
          };
        },
        onResponse: (status, _body, context) => {
          tally('sign-in')(status);
          if (status !== 429) signInMs.push(performance.now() - context.signInSentAt);
        },
      },
      {
        method: 'POST',
        path: '/api/driving-sessions',
        setupRequest: (req, context) => {
          const body = sessionBody(context.family.student.id, n++, signatures);
          context.clientId = body.clientId;
          context.postSentAt = performance.now();
          return {
            ...req,
            headers: { 'content-type': 'application/json', cookie: context.family.client.cookieHeader },
            body: JSON.stringify(body),
          };
        },
        onResponse: (status, _body, context, headers) => {
          tally('session post')(status);
          const ms = performance.now() - context.postSentAt;
          sessionPostMs.push(ms);
          // Where the slowest stored post's time went, as svc-logbook tells it (Server-Timing).
          const serverTiming = headers?.['server-timing'] ?? null;
          if (status === 201 && ms > slowestPost.ms) slowestPost = { ms: round(ms), serverTiming };
          if (status === 201 || status === 200) acknowledged.add(context.clientId);
        },
      },
      read('list', ''),
      read('summary', '/summary'),
    ],
  });

  const db = await openDatabase(stack);
  const stored = await db
    .collection('driving_sessions')
    .find({ clientId: { $in: [...acknowledged] } }, { projection: { clientId: 1 } })
    .toArray();
  signInMs.sort((a, b) => a - b);
  sessionPostMs.sort((a, b) => a - b);
  const counts = new Map();
  for (const s of stored) counts.set(s.clientId, (counts.get(s.clientId) ?? 0) + 1);
  const lost = [...acknowledged].filter((id) => !counts.has(id)).length;
  const duplicated = [...counts.values()].filter((c) => c > 1).length;
  await db.close();

  const codes = result.statusCodeStats ?? {};
  const non429Errors =
    result.errors +
    result.timeouts +
    Object.entries(codes)
      .filter(([code]) => Number(code) >= 400 && code !== '429')
      .reduce((a, [, v]) => a + v.count, 0);
  const figures = {
    durationSeconds: DURATION,
    connections: 50,
    requestsPerSecond: round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    statusCodes: Object.fromEntries(Object.entries(codes).map(([k, v]) => [k, v.count])),
    statusCodesByStep: byStep,
    signInsNot429: { count: signInMs.length, p50Ms: percentile(signInMs, 50), p99Ms: percentile(signInMs, 99) },
    sessionPosts: { p50Ms: percentile(sessionPostMs, 50), p99Ms: percentile(sessionPostMs, 99), slowest: slowestPost },
    errorsOtherThan429: non429Errors,
    sessionsAcknowledged: acknowledged.size,
    sessionsLost: lost,
    sessionsDuplicated: duplicated,
  };
  writeResults('load.json', JSON.stringify(figures, null, 2));
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await stack.stop();
}
process.exit(0);
