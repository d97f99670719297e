// Front-end figures: gzipped JavaScript of a first view, read from Chromium's network log, and Lighthouse scores.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { familyWithLearner, median, round, waitFor } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/**
 * The flags for a browser measuring `base`: through the edge on this machine (https://localhost, Caddy's own CA) the
 * certificate is not checked; nowhere else.
 */
const flagsFor = (base) => (new URL(base).protocol === 'https:' ? [...FLAGS, '--ignore-certificate-errors'] : FLAGS);
/** Chromium, headless, for measuring `base`. */
export const launchBrowser = (base) => chromium.launch({ executablePath: CHROMIUM, args: flagsFor(base) });

export async function firstViewJs(browser, url, setup, { all = false } = {}) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (setup) await setup(context);
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && !res.url().endsWith('.js')) return;
    try {
      scripts.set(res.url(), (await res.body()).length && zlib.gzipSync(await res.body()).length);
    } catch {
      /* redirected or aborted */
    }
  });
  await page.goto(url, { waitUntil: 'load' });
  // The first view is whatever the page fetched while it settled.
  await page.waitForTimeout(4000);
  await context.close();
  const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
  const bySize = [...scripts].sort((x, y) => y[1] - x[1]);
  // The largest scripts, by name: what the weight is made of.
  const largest = bySize
    .slice(0, 6)
    .map(([u, b]) => `${new URL(u).pathname.split('/').slice(-2).join('/')} ${round(b / 1024)}`);
  const every = all ? { every: bySize.map(([u, b]) => `${round(b / 1024)} KB ${new URL(u).pathname}`) } : {};
  return { scripts: scripts.size, gzipKb: round(bytes / 1024), largest, ...every };
}

/**
 * Lighthouse, mobile defaults, `runs` times on each of `screens` (`{ path, cookie }`): each figure is the median of the
 * runs. Then the first visit of each signed-in screen with real throttling (`devtools`: slow 4G and 4x CPU applied in
 * the browser, which is what a person on a weak connection waits for), its LCP the median of as many runs.
 */
async function lighthouseScores(base, screens, runs) {
  const { default: lighthouse } = await import('lighthouse');
  const port = 9300 + Math.floor(Math.random() * 500);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-'));
  const chrome = spawn(
    CHROMIUM,
    [...flagsFor(base), `--remote-debugging-port=${port}`, `--user-data-dir=${dir}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  try {
    await waitFor(() => fetch(`http://127.0.0.1:${port}/json/version`), { withinMs: 5000, everyMs: 100 });
    const audit = ({ path: p, cookie }, settings = {}) =>
      lighthouse(`${base}${p}`, {
        port,
        output: 'json',
        logLevel: 'error',
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        ...settings,
      });
    const lcpProblem = (lhr) => {
      const lcp = lhr.audits['largest-contentful-paint'];
      return Number.isFinite(lcp?.numericValue) ? null : (lcp?.errorMessage ?? lhr.runtimeError?.message ?? 'no LCP');
    };
    /** One run's figures; a run that saw no largest paint at all (it would score 0 whatever the page does) is run once more. */
    const once = async (screen, settings) => {
      let result = await audit(screen, settings);
      if (lcpProblem(result.lhr)) result = await audit(screen, settings);
      const problem = lcpProblem(result.lhr);
      if (problem) return { error: `Lighthouse measured no largest contentful paint twice: ${problem}` };
      const c = result.lhr.categories;
      const score = (category) => (category ? Math.round(category.score * 100) : undefined);
      return {
        performance: score(c.performance),
        accessibility: score(c.accessibility),
        bestPractices: score(c['best-practices']),
        lcpMs: round(result.lhr.audits['largest-contentful-paint'].numericValue, 0),
        tbtMs: round(result.lhr.audits['total-blocking-time'].numericValue, 0),
        protocol: result.lhr.audits['network-requests']?.details?.items?.[0]?.protocol,
        failing: Object.values(result.lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id),
        lhr: result.lhr,
      };
    };
    /** `runs` runs of one path: every figure the median of the runs, the breakdown that of the median-scoring run. */
    const medianOf = async (screen, settings) => {
      const all = [];
      for (let i = 0; i < runs; i++) {
        const run = await once(screen, settings);
        if (run.error) return { path: screen.path, error: run.error };
        all.push(run);
      }
      const figure = (key) => (all[0][key] === undefined ? undefined : median(all.map((r) => r[key])));
      const performance = figure('performance');
      const typical = all.find((r) => r.performance === performance);
      return {
        path: screen.path,
        runs: all.length,
        protocol: typical.protocol,
        performance,
        performanceRuns: all.map((r) => r.performance),
        accessibility: figure('accessibility'),
        bestPractices: figure('bestPractices'),
        lcpMs: figure('lcpMs'),
        lcpRunsMs: all.map((r) => r.lcpMs),
        tbtMs: figure('tbtMs'),
        ...whereTimeGoes(typical.lhr, base),
        failing: [...new Set(all.flatMap((r) => r.failing))],
      };
    };
    const scores = [];
    for (const s of screens) scores.push(await medianOf(s));
    const firstVisit = [];
    for (const s of screens.filter((s) => s.cookie)) {
      const row = await medianOf(s, { throttlingMethod: 'devtools', onlyCategories: ['performance'] });
      const { path: p, runs, lcpMs, lcpRunsMs, performance, lcpParts, longestChain } = row;
      firstVisit.push(row.error ? row : { path: p, runs, lcpMs, lcpRunsMs, performance, lcpParts, longestChain });
    }
    return { lighthouse: scores, firstVisit };
  } finally {
    chrome.kill('SIGKILL');
  }
}

/**
 * Where a Lighthouse run's time went: the main thread's work by kind, the scripts that took most of it, the parts of
 * the largest paint (time to first byte, waiting for its resource, loading it, then drawing) and the longest chain of
 * requests that had to finish one after another.
 */
function whereTimeGoes(lhr, base) {
  const a = lhr.audits;
  const short = (url) => url.replace(base, '').replace(/^\/mf\/([a-z]+)\/assets\//, '$1 ');
  const mainThreadMs = Object.fromEntries(
    (a['mainthread-work-breakdown']?.details?.items ?? []).map((i) => [i.groupLabel, round(i.duration, 0)]),
  );
  const busiestScripts = (a['bootup-time']?.details?.items ?? [])
    .filter((i) => /\.js$/.test(i.url))
    .slice(0, 3)
    .map((i) => `${short(i.url)} ${round(i.scripting + i.scriptParseCompile, 0)} ms`);
  const lcpTable = (a['lcp-breakdown-insight']?.details?.items ?? []).find((i) => i.type === 'table');
  const lcpParts = Object.fromEntries((lcpTable?.items ?? []).map((i) => [i.label, round(i.duration, 0)]));
  let chain = [];
  const walk = (nodes, trail) => {
    for (const n of Object.values(nodes ?? {})) {
      const next = [...trail, n];
      if (next.length > chain.length) chain = next;
      walk(n.children, next);
    }
  };
  walk(a['network-dependency-tree-insight']?.details?.items?.[0]?.value?.chains, []);
  return {
    mainThreadMs,
    busiestScripts,
    lcpParts,
    longestChain: chain.length ? { requests: chain.length, endMs: round(chain.at(-1).navStartToEndTime, 0) } : null,
  };
}

/** Slow 4G as Lighthouse and Chrome's DevTools define it. */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};

/** In the page before anything else: the latest LCP, and when the session form first took input (if it is drawn). */
const OBSERVE = () => {
  window.__bench = { lcp: 0, input: null, longTaskMs: 0, longTasks: 0 };
  new PerformanceObserver((list) => {
    if (window.__bench.input > 0) return;
    for (const e of list.getEntries()) {
      window.__bench.longTaskMs += e.duration;
      window.__bench.longTasks += 1;
    }
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    if (window.__bench.input !== null) return;
    const field = document.querySelector('form[aria-label="Driving session"] input:not([disabled])');
    if (!field) return;
    // Taking input means drawn and the main thread free for the key press: the next task after the field appears.
    window.__bench.input = -1;
    setTimeout(() => {
      window.__bench.input = performance.now();
    }, 0);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
};

/**
 * A repeat visit: the page was opened once (the service worker installed and took control), then opened again with
 * the CPU slowed 4x and slow 4G, online or offline. LCP and when the session form took input, from the page's clock.
 * On a shared machine one run swings by a few hundred ms, so each figure is the median of `runs` runs, each in a fresh
 * browser context; the breakdown is that of the median run.
 */
async function repeatVisits(browser, base, visits, runs) {
  const out = [];
  for (const visit of visits) {
    const all = [];
    for (let i = 0; i < runs; i++) all.push(await repeatVisit(browser, base, visit));
    for (const index of all[0].keys()) {
      const these = all.map((run) => run[index]);
      const failure = these.find((r) => r.error);
      if (failure) {
        out.push(failure);
        continue;
      }
      const key = visit.form ? 'inputMs' : 'lcpMs';
      // A form that never took input counts as the slowest run.
      const typical = median(these.map((r) => r[key] ?? Infinity));
      out.push({
        ...these.find((r) => (r[key] ?? Infinity) === typical),
        runs: these.length,
        lcpMs: median(these.map((r) => r.lcpMs)),
        lcpRunsMs: these.map((r) => r.lcpMs),
        ...(visit.form ? { inputRunsMs: these.map((r) => r.inputMs) } : {}),
        controlledByServiceWorker: these.every((r) => r.controlledByServiceWorker),
      });
    }
  }
  return out;
}

/** One repeat visit of a screen in a fresh context: online, then (for the session form) offline. */
async function repeatVisit(browser, base, { path: p, setup, form }) {
  const out = [];
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    await setup(context);
    await context.addInitScript(OBSERVE);
    const first = await context.newPage();
    await first.goto(`${base}${p}`, { waitUntil: 'load' });
    await first.evaluate(() => navigator.serviceWorker.ready);
    // The worker's own install fills the cache; give it and the screen's lazy parts time to be fetched once.
    await first.waitForTimeout(3000);
    await first.close();
    for (const offline of form ? [false, true] : [false]) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.emulateNetworkConditions', offline ? { ...SLOW_4G, offline: true } : SLOW_4G);
      if (offline) await context.setOffline(true);
      try {
        await page.goto(`${base}${p}`, { waitUntil: 'load', timeout: 60_000 });
        const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
        const formTakesInput = () => window.__bench.input > 0;
        if (form) await page.waitForFunction(formTakesInput, null, { timeout: 30_000 }).catch(() => undefined);
        await page.waitForTimeout(1500);
        const seen = await page.evaluate((withForm) => {
          const { lcp, input, longTaskMs, longTasks } = window.__bench;
          // The scripts the screen asked for before the form took input (all of them when there is no form).
          const scripts = performance
            .getEntriesByType('resource')
            .filter((e) => e.initiatorType === 'script' || /\.js(\?|$)/.test(e.name))
            .filter((e) => e.responseEnd <= (input > 0 ? input : Infinity));
          return {
            lcpMs: Math.round(lcp),
            ...(withForm ? { inputMs: input > 0 ? Math.round(input) : null } : {}),
            scripts: scripts.length,
            lastScriptMs: Math.round(Math.max(0, ...scripts.map((e) => e.responseEnd))),
            longTaskMs: Math.round(longTaskMs),
            longTasks,
          };
        }, Boolean(form));
        out.push({ path: p, offline, controlledByServiceWorker: controlled, ...seen });
      } catch (err) {
        out.push({ path: p, offline, error: String(err.message ?? err).split('\n')[0] });
      } finally {
        if (offline) await context.setOffline(false);
        await page.close();
      }
    }
  } finally {
    await context.close();
  }
  return out;
}

const cookieSetter = (base, client) => (context) =>
  context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: base })));

/**
 * The signed-in screens of a family (`familyWithLearner`) at `base`: each with what signs the browser in for it and
 * that cookie; `form` where the screen is the session form.
 */
export function signedInScreens(base, { client, student, learner }) {
  const parent = { setup: cookieSetter(base, client), cookie: client.cookieHeader };
  return [
    { path: '/dashboard', ...parent },
    { path: `/students/${student.id}/sessions`, ...parent },
    { path: `/students/${student.id}/new-session`, ...parent, form: true },
    { path: '/student-dashboard', setup: cookieSetter(base, learner), cookie: learner.cookieHeader },
  ];
}

/** A screen's path as the table names it. */
export const screenName = (p) => p.replace(/\/students\/\d+\//, '/students/:id/');

/**
 * The front-end figures at `base`: each first view's JavaScript (`pages`), Lighthouse, the signed-in screens' first
 * visit with real throttling, and their repeat visits, each the median of `runs` runs. The family is made through
 * `seedBase` (the gateway itself; its session cookies are then given to the browser for `base`). `only` (screen
 * names, e.g. `/dashboard`) measures those screens alone.
 */
export async function measureFrontEnd(base, { pages: withPages = true, runs, seedBase = base, only }) {
  const browser = await launchBrowser(base);
  try {
    // The family the bench signs in as: a parent, an active student with 60 sessions, and the student's own login.
    const family = await familyWithLearner(seedBase, 'fe', 60);
    const wanted = (p) => !only || only.includes(screenName(p));
    const screens = signedInScreens(base, family).filter((s) => wanted(s.path));
    const open = ['/', '/login'].filter(wanted);
    const all = [...open.map((p) => ({ path: p })), ...screens];
    const pages = [];
    for (const s of withPages ? all : [])
      pages.push({ path: s.path, ...(await firstViewJs(browser, `${base}${s.path}`, s.setup)) });
    let lighthouse;
    let firstVisit = [];
    try {
      ({ lighthouse, firstVisit } = await lighthouseScores(base, all, runs));
    } catch (err) {
      lighthouse = [{ path: '/', error: String(err.message ?? err) }];
    }
    let repeatVisit;
    try {
      repeatVisit = await repeatVisits(browser, base, screens, runs);
    } catch (err) {
      repeatVisit = [{ path: screens[0]?.path ?? '/', error: String(err.message ?? err).split('\n')[0] }];
    }
    return { studentId: family.student.id, pages, lighthouse, firstVisit, repeatVisit };
  } finally {
    await browser.close();
  }
}
