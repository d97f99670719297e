// Front-end figures: gzipped JavaScript of a first view, read from Chromium's network log, and Lighthouse scores.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { parentWithActiveStudent, round } from './lib.mjs';

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

async function firstViewJs(browser, url, setup) {
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
  return { scripts: scripts.size, gzipKb: round(bytes / 1024) };
}

async function lighthouseScores(base, paths) {
  const { default: lighthouse } = await import('lighthouse');
  const port = 9300 + Math.floor(Math.random() * 500);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-'));
  const chrome = spawn(
    CHROMIUM,
    [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${dir}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  try {
    for (let i = 0; i < 50; i++) {
      try {
        await fetch(`http://127.0.0.1:${port}/json/version`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const out = [];
    for (const p of paths) {
      const result = await lighthouse(`${base}${p}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const c = result.lhr.categories;
      out.push({
        path: p,
        performance: Math.round(c.performance.score * 100),
        accessibility: Math.round(c.accessibility.score * 100),
        bestPractices: Math.round(c['best-practices'].score * 100),
        failing: Object.values(result.lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id),
      });
    }
    return out;
  } finally {
    chrome.kill('SIGKILL');
  }
}

export async function measureFrontEnd(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const { client, student } = await parentWithActiveStudent(base, 'fe');
    const signedIn = async (context) => {
      const [name, value] = client.cookieHeader.split('; ')[0].split('=');
      await context.addCookies([{ name, value, url: base }]);
    };
    const pages = [];
    pages.push({ path: '/', ...(await firstViewJs(browser, `${base}/`)) });
    pages.push({ path: '/dashboard', ...(await firstViewJs(browser, `${base}/dashboard`, signedIn)) });
    const form = `/students/${student.id}/new-session`;
    pages.push({ path: form, ...(await firstViewJs(browser, `${base}${form}`, signedIn)) });
    let lighthouse = [];
    try {
      lighthouse = await lighthouseScores(base, ['/', '/login']);
    } catch (err) {
      lighthouse = [{ path: '/', error: String(err.message ?? err) }];
    }
    return { pages, lighthouse };
  } finally {
    await browser.close();
  }
}
