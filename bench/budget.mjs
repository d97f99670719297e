// `npm run budget`: the gzipped JavaScript each screen fetches for its first view, as Chromium loads it through the
// gateway (shell and remotes alike), against the budgets in bench/budgets.json (KB). Exits 1 naming every screen over
// its budget, its figure and its largest scripts. `--all` prints every script of every screen.
// A screen's `budget` is what CI holds it to; where the design's `target` is not met yet, the budget is the figure
// measured when it was last lowered, plus 2 KB: it can only go down.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, startStack } from '../scripts/stack.cjs';
import { buildFrontEnds } from '../scripts/build.mjs';
import { firstViewJs, launchBrowser, screenName, signedInScreens } from './frontend.mjs';
import { familyWithLearner } from './lib.mjs';

const { screens: budgets } = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench/budgets.json'), 'utf8'));
const listAll = process.argv.includes('--all');

buildFrontEnds({ onlyStale: true });
const stack = await startStack({ quiet: true });
const base = stack.url;
const browser = await launchBrowser(base);
let over = [];
try {
  const family = await familyWithLearner(base, 'budget', 12);
  const screens = [
    { name: '/', url: '/' },
    { name: '/login', url: '/login' },
    // A supervisor's page opened from an email: light, with none of the signed-in remotes (a token no link has).
    { name: '/sign/:token', url: '/sign/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    ...signedInScreens(base, family).map((s) => ({ name: screenName(s.path), url: s.path, setup: s.setup })),
  ];
  console.log('| screen | first-view JS, gzip | scripts | budget | target |');
  console.log('|---|---|---|---|---|');
  for (const s of screens) {
    const m = await firstViewJs(browser, `${base}${s.url}`, s.setup, { all: true });
    const { budget, target } = budgets[s.name];
    const ok = m.gzipKb <= budget;
    const aim = m.gzipKb <= target ? `≤ ${target} KB: met` : `≤ ${target} KB: not met`;
    console.log(`| \`${s.name}\` | ${m.gzipKb} KB | ${m.scripts} | ≤ ${budget} KB${ok ? '' : ' **over**'} | ${aim} |`);
    if (listAll) for (const line of m.every) console.log(`    ${line}`);
    if (!ok)
      over.push(
        `${s.name}: ${m.gzipKb} KB, over its budget of ${budget} KB; largest: ${m.every.slice(0, 6).join(', ')}`,
      );
  }
} finally {
  await browser.close();
  await stack.stop();
}
if (over.length) {
  console.error(`\nFirst-view JavaScript over budget (bench/budgets.json):\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery screen is within its first-view JavaScript budget.');
