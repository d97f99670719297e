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

async function gatewayOverhead(stack) {
  const { client, student } = await parentWithActiveStudent(stack.url, 'gw');
  const signatures = [signaturePng(1), signaturePng(2)];
  await seedSessions(client, student.id, 200, signatures);
  const headers = { cookie: client.cookieHeader };
  const viaGateway = await cannon({ url: `${stack.url}/api/driving-sessions/${student.id}`, headers });
  const direct = await cannon({ url: `${stack.services.logbook}/api/driving-sessions/${student.id}`, headers });
  results.gateway = {
    sessions: 200,
    viaGateway: summary(viaGateway),
    direct: summary(direct),
    throughputRatio: round(viaGateway.requests.average / direct.requests.average, 3),
  };
}

async function sessionWrites(stack) {
  const { client, student } = await parentWithActiveStudent(stack.url, 'writes');
  const signatures = [signaturePng(3), signaturePng(4)];
  let i = 0;
  const res = await cannon({
    url: `${stack.url}/api/driving-sessions`,
    method: 'POST',
    headers: { cookie: client.cookieHeader, 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(sessionBody(student.id, i++, signatures)) }) }],
  });
  results.writes = { ...summary(res), signatureBytes: Math.round((signatures[0].length * 3) / 4), made: res['2xx'] };
}

function peakRss(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)[1]) * 1024;
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
      const before = peakRss(logbook.pid);
      const timing = await timePdf(
        `${stack.services.logbook}/api/driving-sessions/${student.id}/pdf`,
        client.cookieHeader,
      );
      runs.push({
        sessions: count,
        ...timing,
        peakRssMb: round(peakRss(logbook.pid) / 2 ** 20),
        peakRssBeforeMb: round(before / 2 ** 20),
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
  }
  if (results.writes)
    rows.push([
      'POST session via gateway',
      `${results.writes.requestsPerSecond} req/s`,
      `p99 ${results.writes.p99Ms} ms`,
      '',
    ]);
  for (const p of results.pdf ?? [])
    rows.push([
      `PDF of ${p.sessions} sessions`,
      `first byte ${p.firstByteMs} ms, total ${p.totalMs} ms`,
      `peak RSS ${p.peakRssMb} MB, ${round(p.bytes / 2 ** 20)} MB`,
      p.sessions === 1000 ? 'TTFB ≤ 300 ms, ≤ 3 s, ≤ 300 MB' : '',
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
