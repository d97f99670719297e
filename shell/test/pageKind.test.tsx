import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { REMOTE_ROUTES } from '../src/app/AppRoutes';
import { FRAME_EVENT, ScreenFrame } from '../src/features/remotes/components/ScreenFrame';
import { remoteEntryUrl } from '../src/lib/remotes';

const PAGE_KIND = readFileSync(join(__dirname, '../public/page-kind.js'), 'utf8');
const FRAME = {
  path: '/dashboard',
  styles: '.pp-root { color: rgb(1, 2, 3); }',
  html: '<div class="pp-root"><h1>Your Students</h1></div>',
};

/** What the page reads of an answer (jsdom has no Response). */
const answerOf = (status: number, body: unknown) => ({ ok: status < 300, status, json: () => Promise.resolve(body) });

let asked: string[];

/** The page as index.html starts it, at `address`, with the remotes' frames.json answering `answer`. */
async function openPage(
  address: string,
  answer: { status: number; body?: unknown } = { status: 200, body: { frames: [FRAME] } },
) {
  window.history.replaceState(null, '', address);
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('data-page');
  document.body.innerHTML = '<div id="root"><div class="landing-prerender"><h1>Landing</h1></div></div>';
  asked = [];
  delete (window as { screenFrame?: unknown }).screenFrame;
  window.fetch = ((url: string) => {
    asked.push(url);
    return Promise.resolve(answerOf(answer.status, answer.body));
  }) as unknown as typeof fetch;
  new Function(PAGE_KIND)();
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
const root = () => document.getElementById('root')!;

/** What page-kind.js asks for on every visit of a remote's screen: the remote's release, beside the app's code. */
const release = (remote: string) => `/mf/${remote}/version.json`;
const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href);

describe('a signed-in address, before any script of the app (public/page-kind.js)', () => {
  it('paints the frame the remote publishes for the address, with its styles, and keeps it for the app', async () => {
    await openPage('/dashboard');
    expect(asked).toEqual([release('parent'), '/mf/parent/frames.json']);
    // What the app waits for before its first render settles once the frame is painted.
    await (window as { screenFrame?: Promise<unknown> }).screenFrame;
    expect(document.documentElement.dataset.page).toBe('app');
    expect(root().querySelector('main.remote-main > .screen-frame[inert] h1')?.textContent).toBe('Your Students');
    expect(root().querySelector('.landing-prerender')).toBeNull();
    expect(document.head.querySelector('style')?.textContent).toBe(FRAME.styles);
    const kept = document.getElementById('screen-frame') as HTMLTemplateElement;
    expect(kept.dataset.path).toBe('/dashboard');
    expect(kept.innerHTML).toBe(FRAME.html);
  });

  it('asks the remote that draws each signed-in address, and paints nothing where it publishes no frame', async () => {
    for (const [pattern, screen] of REMOTE_ROUTES) {
      await openPage(pattern.replace(/:\w+/g, '12'));
      const remote = screen.scope.replace(/^mf_/, '');
      expect(asked).toEqual([release(remote), `/mf/${remote}/frames.json`]);
      expect(preloaded()).toEqual([new URL(remoteEntryUrl(screen.scope), location.href).href]);
      if (pattern !== '/dashboard') expect(root().querySelector('.landing-prerender')).not.toBeNull();
    }
  });

  it('asks nothing on the landing page or a public page', async () => {
    for (const address of ['/', '/login', '/sign/abc']) {
      await openPage(address);
      expect(asked).toEqual([]);
      expect(preloaded()).toEqual([]);
    }
  });

  it("asks only for the remote's release at an address with a query", async () => {
    await openPage('/dashboard?x=1');
    expect(asked).toEqual([release('parent')]);
    await openPage('/students/12/new-session?loadDraft=d1');
    expect(asked).toEqual([release('sessions')]);
  });

  it('leaves the page alone when the remote has no frames (an older release, or down)', async () => {
    await openPage('/dashboard', { status: 404 });
    expect(root().querySelector('.landing-prerender')).not.toBeNull();
    expect(document.getElementById('screen-frame')).toBeNull();
  });

  it('does not paint over what the app has drawn, but keeps the frame for it', async () => {
    window.history.replaceState(null, '', '/dashboard');
    document.body.innerHTML = '<div id="root"><a class="ll-skip-link">Skip</a></div>';
    window.fetch = (() => Promise.resolve(answerOf(200, { frames: [FRAME] }))) as unknown as typeof fetch;
    document.head.innerHTML = '';
    new Function(PAGE_KIND)();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(root().innerHTML).toBe('<a class="ll-skip-link">Skip</a>');
    expect(document.getElementById('screen-frame')).not.toBeNull();
  });
});

describe('ScreenFrame, while a remote screen loads', () => {
  const keep = (path: string) => {
    const kept = document.createElement('template');
    kept.id = 'screen-frame';
    kept.dataset.path = path;
    kept.innerHTML = FRAME.html;
    document.head.appendChild(kept);
  };
  const draw = (address: string) =>
    render(
      <MemoryRouter initialEntries={[address]}>
        <ScreenFrame fallback={<p>Loading…</p>} inMain />
      </MemoryRouter>,
    );
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it('draws the frame painted at this address', () => {
    keep('/dashboard');
    draw('/dashboard');
    expect(screen.getByRole('main').querySelector('.screen-frame[inert] h1')?.textContent).toBe('Your Students');
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('draws its fallback at another address or with a query', () => {
    keep('/dashboard');
    draw('/account');
    expect(screen.getByText('Loading…')).toBeTruthy();
    draw('/dashboard?x=1');
    expect(screen.getAllByText('Loading…')).toHaveLength(2);
  });

  it('takes the frame when it is painted after the app has drawn', () => {
    draw('/dashboard');
    expect(screen.getByText('Loading…')).toBeTruthy();
    act(() => {
      keep('/dashboard');
      window.dispatchEvent(new Event(FRAME_EVENT));
    });
    expect(screen.getByText('Your Students')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
