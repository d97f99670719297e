import fs from 'node:fs';
import path from 'node:path';
import { renderLanding, renderLoading } from '../src/app/prerenderLanding';

const SHELL = path.resolve(__dirname, '..');

/** Runs public/page-kind.js as the page does, before anything is drawn, at `pathname`. */
function pageKindAt(pathname: string): string | null {
  const root = document.createElement('html');
  const code = fs.readFileSync(path.join(SHELL, 'public/page-kind.js'), 'utf8');
  new Function('location', 'document', code)({ pathname }, { documentElement: root });
  return root.getAttribute('data-page');
}

/** The page as index.html draws it before the app starts, at `pathname`: what is shown, by its style rules. */
function shownAt(pathname: string): string {
  const html = fs.readFileSync(path.join(SHELL, 'index.html'), 'utf8');
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
  document.head.innerHTML = `<style>${style}</style>`;
  document.documentElement.removeAttribute('data-page');
  const kind = pageKindAt(pathname);
  if (kind) document.documentElement.setAttribute('data-page', kind);
  document.body.innerHTML = `<div id="root"><div class="landing-prerender">${renderLanding()}</div><div class="app-prerender">${renderLoading()}</div></div>`;
  const visible = (selector: string) => getComputedStyle(document.querySelector(selector)!).display !== 'none';
  return [visible('.landing-prerender') && 'landing', visible('.app-prerender') && 'loading'].filter(Boolean).join(',');
}

test('before the app starts, / shows the landing page and every other page its loading state', () => {
  expect(shownAt('/')).toBe('landing');
  for (const pathname of ['/dashboard', '/students/7/sessions', '/student-dashboard', '/login']) {
    expect(shownAt(pathname)).toBe('loading');
  }
});

test('the loading state is the one the app draws first, said to screen readers', () => {
  document.body.innerHTML = renderLoading();
  const status = document.querySelector('[role="status"]')!;
  expect(status.className).toBe('ll-loading');
  expect(status.textContent).toBe('Loading…');
});
