// Where a signed-in screen's time goes at 4x CPU: React commits (how many, how many components each drew, by name
// where the build keeps one) and the CPU profile's self time by script. `node bench/profile.mjs` (front ends built).
import { startStack } from '../scripts/stack.cjs';
import { launchBrowser, signedInScreens } from './frontend.mjs';
import { familyWithLearner, round } from './lib.mjs';

/** Installed before React: counts commits and the components each one drew (a fiber is drawn when it did work). */
const HOOK = () => {
  const commits = [];
  window.__commits = commits;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      this.renderers.set(1, renderer);
      return 1;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onCommitFiberRoot(_id, root) {
      // A component drew in this commit when its fiber is not the one kept from the last commit (React reuses the
      // fibers of a subtree it did not visit) and it performed work (flag 1).
      const seen = new Set();
      const drawn = {};
      let count = 0;
      const walk = (fiber) => {
        for (let f = fiber; f; f = f.sibling) {
          seen.add(f);
          const type = f.type;
          const name =
            typeof type === 'function'
              ? type.displayName || type.name || 'anon'
              : typeof type === 'object' && type
                ? (type.type?.name ?? type.render?.name ?? 'memo')
                : null;
          if (name && !window.__lastFibers?.has(f) && (f.flags & 1) === 1) {
            drawn[name] = (drawn[name] ?? 0) + 1;
            count += 1;
          }
          if (f.child) walk(f.child);
        }
      };
      walk(root.current.child);
      window.__lastFibers = seen;
      commits.push({ at: Math.round(performance.now()), count, drawn });
    },
  };
};

const screensArg = process.argv.slice(2);
const stack = await startStack({ quiet: true });
const base = stack.url;
const browser = await launchBrowser(base);
try {
  const screens = signedInScreens(base, await familyWithLearner(base, 'profile', 60)).filter(
    (s) => screensArg.length === 0 || screensArg.some((a) => s.path.includes(a)),
  );
  for (const { path: p, setup } of screens) {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
    await setup(context);
    await context.addInitScript(HOOK);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
    await page.goto(`${base}${p}`, { waitUntil: 'load' });
    await page.waitForTimeout(5000);
    const { profile } = await cdp.send('Profiler.stop');
    const commits = await page.evaluate(() => window.__commits);
    const lcp = await page.evaluate(
      () =>
        new Promise((r) =>
          new PerformanceObserver((l) => r(l.getEntries().at(-1)?.startTime)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          }),
        ),
    );
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    const selfFn = new Map();
    const dt = profile.timeDeltas;
    profile.samples.forEach((id, i) => {
      const n = byId.get(id);
      const url = n.callFrame.url.replace(base, '') || `(${n.callFrame.functionName || 'program'})`;
      self.set(url, (self.get(url) ?? 0) + (dt[i] ?? 0));
      const fn = `${n.callFrame.functionName || 'anon'} ${url}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
      selfFn.set(fn, (selfFn.get(fn) ?? 0) + (dt[i] ?? 0));
    });
    const top = (m, k) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, k)
        .map(([u, us]) => `${round(us / 1000, 0)} ms ${u}`);
    console.log(`\n## ${p}  LCP ${round(lcp ?? 0, 0)} ms (4x), ${commits.length} commits`);
    for (const c of commits) {
      const names = Object.entries(c.drawn)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 14)
        .map(([n, k]) => `${n}×${k}`)
        .join(' ');
      console.log(`  commit @${c.at} ms: ${c.count} components: ${names}`);
    }
    console.log('  self time by script:\n    ' + top(self, 12).join('\n    '));
    console.log('  self time by function:\n    ' + top(selfFn, 15).join('\n    '));
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
