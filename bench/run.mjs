// `npm run bench`: every figure of the performance budget, printed as a table and written to bench/results/latest.json.
// Figures only: nothing here passes or fails on time. Sections: gateway writes pdf frontend startup (default: all).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import autocannon from 'autocannon';
import stackModule from '../scripts/stack.cjs';
import { parentWithActiveStudent, round, seedSessions, sessionBody, signaturePng } from './lib.mjs';
import { measureFrontEnd } from './frontend.mjs';
import { buildFrontEnds } from '../scripts/build.mjs';

const { startStack, freePort, ROOT } = stackModule;
const wanted = new Set(process.argv.slice(2).filter((a) => !a.startsWith('-')));
const want = (s) => wanted.size === 0 || wanted.has(s);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const results = {
  machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
  at: new Date().toISOString(),
};

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: 50, duration: DURATION, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}
const summary = (r) => ({
  requestsPerSecond: round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  errors: r.errors + r.timeouts,
  non2xx: r.non2xx,
});

/**
 * Waits until svc-logbook answers a light request quickly again: requests still queued from a finished run must not
 * be counted against the next one.
 */
async function settle(stack) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${stack.services.logbook}/ready`).catch(() => undefined);
    if (performance.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function gatewayOverhead(stack) {
  const { client, student } = await parentWithActiveStudent(stack.url, 'gw');
  const signatures = [signaturePng(1), signaturePng(2)];
  await seedSessions(client, student.id, 200, signatures);
  const listUrl = (base) => `${base}/api/driving-sessions/${student.id}`;
  // As a browser asks (every browser takes gzip); the same runs without compression follow, for comparison.
  const browser = { cookie: client.cookieHeader, 'accept-encoding': 'gzip, deflate, br' };
  const identity = { cookie: client.cookieHeader, 'accept-encoding': 'identity' };
  // A short warm-up through both paths, so neither run pays for first-use compilation and connection set-up.
  await cannon({ url: listUrl(stack.url), headers: browser, duration: 2 });
  await cannon({ url: listUrl(stack.services.logbook), headers: browser, duration: 2 });
  const run = async (base, headers) => {
    await settle(stack);
    const r = await cannon({ url: listUrl(base), headers });
    return r;
  };
  const viaGateway = await run(stack.url, browser);
  const direct = await run(stack.services.logbook, browser);
  const viaGatewayIdentity = await run(stack.url, identity);
  const directIdentity = await run(stack.services.logbook, identity);
  await settle(stack);
  results.gateway = {
    sessions: 200,
    acceptEncoding: browser['accept-encoding'],
    responseBytes: round(viaGateway.throughput.average / Math.max(viaGateway.requests.average, 1), 0),
    viaGateway: summary(viaGateway),
    direct: summary(direct),
    throughputRatio: round(viaGateway.requests.average / direct.requests.average, 3),
    uncompressed: {
      responseBytes: round(viaGatewayIdentity.throughput.average / Math.max(viaGatewayIdentity.requests.average, 1), 0),
      viaGateway: summary(viaGatewayIdentity),
      direct: summary(directIdentity),
      throughputRatio: round(viaGatewayIdentity.requests.average / directIdentity.requests.average, 3),
    },
  };
}

/** Session posts through the gateway, the 50 connections spread over `families` students (each its own chain). */
async function postSessions(stack, families, label) {
  // Made a few at a time: sign-up hashes passwords, and 25 at once would time out on a small machine.
  const people = [];
  for (let f = 0; f < families; f += 5) {
    const batch = Array.from({ length: Math.min(5, families - f) }, (_, k) =>
      parentWithActiveStudent(stack.url, `${label}${f + k}`),
    );
    people.push(...(await Promise.all(batch)));
  }
  const signatures = [signaturePng(3), signaturePng(4)];
  let i = 0;
  const res = await cannon({
    url: `${stack.url}/api/driving-sessions`,
    method: 'POST',
    requests: [
      {
        setupRequest: (req) => {
          const n = i++;
          const { client, student } = people[n % families];
          return {
            ...req,
            headers: { cookie: client.cookieHeader, 'content-type': 'application/json' },
            body: JSON.stringify(sessionBody(student.id, n, signatures)),
          };
        },
      },
    ],
  });
  await settle(stack);
  return {
    ...summary(res),
    students: families,
    signatureBytes: Math.round((signatures[0].length * 3) / 4),
    made: res['2xx'],
  };
}

async function sessionWrites(stack) {
  // Many families logging at once, two devices each: the everyday shape of the load.
  results.writes = await postSessions(stack, 25, 'writes');
  // Every connection on one student's log book: each post waits for the one before it in that student's chain.
  results.writesOneStudent = await postSessions(stack, 1, 'writes-one');
}

function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Starts the peak-RSS count afresh (Linux: writing 5 to clear_refs), so the peak is the PDF's, not the seeding's. */
function resetPeakRss(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

function timePdf(url, cookie) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { headers: { cookie } }, (res) => {
        let firstByte;
        let bytes = 0;
        res.on('data', (chunk) => {
          firstByte ??= process.hrtime.bigint();
          bytes += chunk.length;
        });
        res.on('end', () => {
          const done = process.hrtime.bigint();
          resolve({
            status: res.statusCode,
            firstByteMs: round(Number((firstByte ?? done) - started) / 1e6),
            totalMs: round(Number(done - started) / 1e6),
            bytes,
          });
        });
      })
      .on('error', reject);
  });
}

async function pdf() {
  // A stack of its own, so the service's peak memory belongs to the PDF runs alone.
  const stack = await startStack({ quiet: true });
  try {
    const logbook = stack.processes.find((p) => p.service === 'logbook');
    const runs = [];
    for (const count of [250, 1000]) {
      const { client, student } = await parentWithActiveStudent(stack.url, `pdf${count}`);
      await seedSessions(client, student.id, count, [signaturePng(5), signaturePng(6)], 2);
      // Let the seeding's garbage go before the baseline is taken.
      await new Promise((r) => setTimeout(r, 1000));
      const peakReset = resetPeakRss(logbook.pid);
      const before = memory(logbook.pid);
      const timing = await timePdf(
        `${stack.services.logbook}/api/driving-sessions/${student.id}/pdf`,
        client.cookieHeader,
      );
      const after = memory(logbook.pid);
      runs.push({
        sessions: count,
        ...timing,
        // The process's peak while the PDF was made (since the reset), its memory just before, and the difference.
        peakRssMb: round(after.peak / 2 ** 20),
        rssBeforeMb: round(before.rss / 2 ** 20),
        pdfRssGrowthMb: round((after.peak - before.rss) / 2 ** 20),
        peakCountsPdfOnly: peakReset,
      });
    }
    results.pdf = runs;
  } finally {
    await stack.stop();
  }
}

async function startup() {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: fs.mkdtempSync('/tmp/logbook-start-') },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        const body = await res.json();
        if (res.ok && Object.values(body.services ?? {}).every((s) => s.status === 'ready')) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() - started > 120_000) throw new Error('start-up took over 2 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    results.startup = { healthyAfterMs: Date.now() - started };
  } finally {
    child.kill('SIGINT');
    await new Promise((r) => child.once('exit', r));
  }
}

function printTable() {
  const rows = [];
  if (results.gateway) {
    const g = results.gateway;
    rows.push([
      'GET sessions via gateway (200 sessions, 50 conn)',
      `${g.viaGateway.requestsPerSecond} req/s`,
      `p99 ${g.viaGateway.p99Ms} ms`,
      'p99 ≤ 50 ms',
    ]);
    rows.push([
      'GET sessions direct to svc-logbook',
      `${g.direct.requestsPerSecond} req/s`,
      `p99 ${g.direct.p99Ms} ms`,
      '',
    ]);
    rows.push(['gateway / direct throughput', `${round(g.throughputRatio * 100)} %`, '', '≥ 85 %']);
    const u = g.uncompressed;
    if (u) {
      rows.push([
        'same, uncompressed: via gateway',
        `${u.viaGateway.requestsPerSecond} req/s`,
        `p99 ${u.viaGateway.p99Ms} ms, ${round(u.responseBytes / 1024)} KB each`,
        '',
      ]);
      rows.push([
        'same, uncompressed: direct',
        `${u.direct.requestsPerSecond} req/s`,
        `p99 ${u.direct.p99Ms} ms, ratio ${round(u.throughputRatio * 100)} %`,
        '',
      ]);
    }
  }
  for (const [key, title] of [
    ['writes', 'POST session via gateway (25 students)'],
    ['writesOneStudent', 'POST session via gateway (1 student)'],
  ]) {
    const w = results[key];
    if (w) rows.push([title, `${w.requestsPerSecond} req/s`, `p99 ${w.p99Ms} ms, ${w.made} stored`, '']);
  }
  for (const p of results.pdf ?? [])
    rows.push([
      `PDF of ${p.sessions} sessions`,
      `first byte ${p.firstByteMs} ms, total ${p.totalMs} ms`,
      `peak RSS ${p.peakRssMb} MB (+${p.pdfRssGrowthMb} MB over ${p.rssBeforeMb} MB), ${round(p.bytes / 2 ** 20)} MB`,
      p.sessions === 1000 ? 'TTFB ≤ 300 ms, ≤ 3 s, ≤ 300 MB, flat' : '',
    ]);
  for (const f of results.frontend?.pages ?? [])
    rows.push([
      `JS for first view of ${f.path}`,
      `${f.gzipKb} KB gzipped`,
      `${f.scripts} scripts`,
      f.path === '/' ? '≤ 150 KB' : '',
    ]);
  for (const l of results.frontend?.lighthouse ?? [])
    rows.push([
      `Lighthouse ${l.path} (mobile)`,
      `perf ${l.performance}, a11y ${l.accessibility}`,
      `best practices ${l.bestPractices}`,
      '≥ 95 / 100 / 100',
    ]);
  if (results.startup) rows.push(['npm start → healthy /api/health', `${results.startup.healthyAfterMs} ms`, '', '']);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), 6));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(['measure', 'figure', 'detail', 'budget']));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

// Only the sections that load the front ends need them built (a build takes a while and both cores).
if (want('frontend') || want('startup')) buildFrontEnds({ onlyStale: true });
/** Runs one section; a section that fails is reported and the others still run. */
async function section(name, run) {
  if (!want(name)) return;
  try {
    await run();
  } catch (err) {
    results.errors = { ...results.errors, [name]: String(err?.message ?? err).split('\n')[0] };
    console.error(`${name}: ${results.errors[name]}`);
  }
}
const stack = want('gateway') || want('writes') || want('frontend') ? await startStack({ quiet: true }) : null;
try {
  await section('gateway', () => gatewayOverhead(stack));
  await section('writes', () => sessionWrites(stack));
  await section('frontend', async () => {
    results.frontend = await measureFrontEnd(stack.url);
  });
} finally {
  await stack?.stop();
}
await section('pdf', pdf);
await section('startup', startup);

fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'bench/results/latest.json'), JSON.stringify(results, null, 2));
printTable();
process.exit(0);
