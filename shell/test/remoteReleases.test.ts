import { createElement, type ComponentType } from 'react';
import { createInstance, registerGlobalPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { prefetchRemote } from '../src/features/remotes/lib/remoteRegistry';
import { satisfies, unmetSharedVersions } from '../src/features/remotes/lib/releaseCompatibility';
import { forgetRelease } from '../src/features/remotes/lib/releaseManifest';
import { remoteReleases } from '../src/features/remotes/lib/remoteReleases';

describe('shared versions a remote needs', () => {
  it('reads caret, tilde and exact ranges', () => {
    expect(satisfies('19.3.1', '^19.2.0')).toBe(true);
    expect(satisfies('19.1.9', '^19.2.0')).toBe(false);
    expect(satisfies('20.0.0', '^19.2.0')).toBe(false);
    expect(satisfies('1.4.2', '~1.4.0')).toBe(true);
    expect(satisfies('1.5.0', '~1.4.0')).toBe(false);
    expect(satisfies('1.0.0', '1.0.0')).toBe(true);
    expect(satisfies('1.0.1', '1.0.0')).toBe(false);
  });

  it('names each shared package the page cannot give, with both versions, and ignores ones it does not share', () => {
    const shell = {
      react: { version: '19.3.1', requiredVersion: '^19.2.0' },
      '@logbook/shell-context': { version: '1.0.0', requiredVersion: '^1.0.0' },
    };
    expect(
      unmetSharedVersions(
        {
          react: { version: '19.3.1', requiredVersion: '^19.2.0' },
          '@logbook/shell-context': { version: '2.0.0', requiredVersion: '^2.0.0' },
          qrcode: { version: '1.5.4', requiredVersion: '^1.5.0' },
        },
        shell,
      ),
    ).toEqual(['@logbook/shell-context: the remote needs ^2.0.0, this page offers 1.0.0']);
    expect(unmetSharedVersions({ react: { version: '19.2.0', requiredVersion: '^19.2.0' } }, shell)).toEqual([]);
  });

  it("refuses a remote that runs on the page's federation runtime when the page has none, or another major", () => {
    const runtime = { '@module-federation/runtime-core': { version: '2.9.1', requiredVersion: '^2.9.1' } };
    expect(unmetSharedVersions(runtime, {})).toEqual([
      '@module-federation/runtime-core: the remote needs ^2.9.1, this page offers none',
    ]);
    expect(
      unmetSharedVersions(runtime, {
        '@module-federation/runtime-core': { version: '3.0.0', requiredVersion: '^3.0.0' },
      }),
    ).toEqual(['@module-federation/runtime-core: the remote needs ^2.9.1, this page offers 3.0.0']);
    expect(
      unmetSharedVersions(runtime, {
        '@module-federation/runtime-core': { version: '2.10.0', requiredVersion: '^2.10.0' },
      }),
    ).toEqual([]);
  });
});

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
  document.head.innerHTML = '';
  jest.restoreAllMocks();
});

describe('fetching a remote early', () => {
  it("asks for the remote's version.json and preloads its entry, once, without running it", () => {
    const fetchMock = jest.fn((_url: string) => new Promise<Response>(() => undefined));
    global.fetch = fetchMock as unknown as typeof fetch;
    prefetchRemote('mf_sessions');
    prefetchRemote('mf_sessions');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      new URL('/mf/sessions/version.json', location.href).href,
    ]);
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('href')])).toEqual([
      ['modulepreload', new URL('/mf/sessions/remoteEntry.js', location.href).href],
    ]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('takes the release public/page-kind.js asked for as the page opened, once, instead of asking again', async () => {
    const url = new URL('/mf/parent/version.json', location.href).href;
    forgetRelease(new URL('/mf/parent/remoteEntry.js', location.href).href);
    const fetchMock = jest.fn((_url: string) => Promise.resolve({ ok: true, json: () => Promise.resolve({}) }));
    global.fetch = fetchMock as unknown as typeof fetch;
    const early = {
      ok: true,
      json: () => Promise.resolve({ firstView: { './Dashboard': ['assets/Dashboard-1.js'] } }),
    };
    Object.assign(window, { remoteRelease: { url, answer: Promise.resolve(early) } });
    prefetchRemote('mf_parent', './Dashboard');
    await new Promise((r) => setTimeout(r, 0));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.head.querySelector(`link[href$="/mf/parent/assets/Dashboard-1.js"]`)).not.toBeNull();
    expect(window).not.toHaveProperty('remoteRelease');
  });

  const answering = (release: object) => {
    for (const name of ['parent', 'sessions', 'student'])
      forgetRelease(new URL(`/mf/${name}/remoteEntry.js`, location.href).href);
    global.fetch = jest.fn((_url: string) =>
      Promise.resolve({ ok: true, json: () => Promise.resolve(release) }),
    ) as unknown as typeof fetch;
  };
  const preloads = () =>
    [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('as'), l.getAttribute('href')]);

  it("preloads every file the screen needs first, once its release says which, the style sheets as styles, and none outside the remote's folder", async () => {
    answering({
      shared: { react: { version: '19.2.0', requiredVersion: '^19.2.0' } },
      firstView: {
        './NewSession': [
          'assets/dist-1.js',
          'assets/NewSession-2.js',
          'assets/NewSession-3.css',
          'https://elsewhere.example/x.js',
          '../parent/assets/Dashboard-9.js',
        ],
        './LiveDrive': ['assets/LiveDrive-4.js'],
      },
    });
    prefetchRemote('mf_sessions', './NewSession');
    await new Promise((r) => setTimeout(r, 0));
    const at = (file: string) => new URL(`/mf/sessions/${file}`, location.href).href;
    expect(preloads()).toEqual([
      ['modulepreload', null, at('remoteEntry.js')],
      ['modulepreload', null, at('assets/dist-1.js')],
      ['modulepreload', null, at('assets/NewSession-2.js')],
      ['preload', 'style', at('assets/NewSession-3.css')],
    ]);
    expect(document.querySelectorAll('script, link[rel="stylesheet"]')).toHaveLength(0);
  });

  it("preloads the other remotes' modules a screen draws as it opens, with their own files", async () => {
    const releases: Record<string, object> = {
      student: {
        firstView: { './StudentDashboard': ['assets/StudentDashboard-1.js'] },
        firstEmbeds: {
          './StudentDashboard': { mf_sessions: ['./LiveDrive', './SessionHistory'], mf_nowhere: ['./X'] },
        },
      },
      sessions: {
        firstView: {
          './LiveDrive': ['assets/glue-2.js', 'assets/LiveDrive-3.js'],
          './SessionHistory': ['assets/glue-2.js', 'assets/SessionHistory-4.js'],
          './NewSession': ['assets/NewSession-5.js'],
        },
        // A remote naming the one that embeds it is not followed round again.
        firstEmbeds: { './LiveDrive': { mf_student: ['./StudentDashboard'] } },
      },
    };
    for (const name of ['parent', 'sessions', 'student'])
      forgetRelease(new URL(`/mf/${name}/remoteEntry.js`, location.href).href);
    const fetchMock = jest.fn((url: string) =>
      Promise.resolve({ ok: true, json: () => Promise.resolve(releases[url.split('/')[4]] ?? {}) }),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    prefetchRemote('mf_student', './StudentDashboard');
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    const at = (file: string) => new URL(`/mf/${file}`, location.href).href;
    expect(preloads().map(([, , href]) => href)).toEqual([
      at('student/remoteEntry.js'),
      at('student/assets/StudentDashboard-1.js'),
      at('sessions/remoteEntry.js'),
      at('sessions/assets/glue-2.js'),
      at('sessions/assets/LiveDrive-3.js'),
      at('sessions/assets/SessionHistory-4.js'),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('preloads nothing more of a release this page cannot run, or one that does not list its files', async () => {
    answering({
      shared: { '@module-federation/runtime-core': { version: '9.0.0', requiredVersion: '^9.0.0' } },
      firstView: { './Dashboard': ['assets/Dashboard-1.js'] },
    });
    prefetchRemote('mf_parent', './Dashboard');
    await new Promise((r) => setTimeout(r, 0));
    expect(preloads()).toEqual([['modulepreload', null, new URL('/mf/parent/remoteEntry.js', location.href).href]]);

    document.head.innerHTML = '';
    answering({ shared: {} });
    prefetchRemote('mf_student', './StudentLogin');
    await new Promise((r) => setTimeout(r, 0));
    expect(preloads()).toEqual([['modulepreload', null, new URL('/mf/student/remoteEntry.js', location.href).href]]);
  });
});

/**
 * The remotes' servers, as the federation runtime sees them: each remote's entry by URL. A release replaces the
 * entry and removes the chunks the previous one named, as a deploy does.
 */
type Screen = { default: ComponentType };
const served = new Map<string, { release: string; up: boolean; version?: object }>();
const entriesFetched: string[] = [];
const releasedEntry = (url: string) => {
  const path = new URL(url).pathname;
  const entryRelease = served.get(path)?.release;
  return {
    init: async () => undefined,
    get: async (expose: string) => {
      const now = served.get(path);
      if (!now?.up || now.release !== entryRelease) throw new Error(`Failed to fetch ${path} chunk of ${entryRelease}`);
      const Drawn = () => createElement('p', null, `${expose} of ${entryRelease}`);
      return () => ({ default: Drawn });
    },
  };
};
const servers: ModuleFederationRuntimePlugin = {
  name: 'test-remote-servers',
  async loadEntry({ remoteInfo }) {
    entriesFetched.push(remoteInfo.entry);
    if (!served.get(new URL(remoteInfo.entry).pathname)?.up) throw new Error(`${remoteInfo.entry} is unreachable`);
    return releasedEntry(remoteInfo.entry) as never;
  },
};
const serveVersionJson = () => {
  global.fetch = jest.fn(async (url: string) => {
    const version = served.get(new URL(url).pathname.replace(/version\.json$/, 'remoteEntry.js'))?.version;
    return { ok: version !== undefined, json: async () => version };
  }) as unknown as typeof fetch;
};
function Outdated() {
  return createElement('p', null, 'outdated');
}
const drawn = (screen: Screen | null) => {
  const element = (screen?.default as unknown as () => { props: { children: string } })();
  return element.props.children;
};

registerGlobalPlugins([servers, remoteReleases(async () => Outdated)]);

describe('loading a remote through the release plugin', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    entriesFetched.length = 0;
    serveVersionJson();
  });

  const host = (name: string, remote: string) =>
    createInstance({
      name,
      remotes: [{ name: remote, entry: `http://localhost/mf/${remote}/remoteEntry.js`, type: 'module' }],
    });

  it('a remote released under an open page: its module comes from the new release, its entry fetched afresh', async () => {
    served.set('/mf/skew/remoteEntry.js', { release: 'first', up: true });
    const page = host('page_skew', 'skew');
    expect(drawn(await page.loadRemote<Screen>('skew/Dashboard'))).toBe('./Dashboard of first');

    served.set('/mf/skew/remoteEntry.js', { release: 'next', up: true });
    expect(drawn(await page.loadRemote<Screen>('skew/NewSession'))).toBe('./NewSession of next');
    expect(entriesFetched).toHaveLength(2);
    expect(new URL(entriesFetched[1]).searchParams.get('attempt')).not.toBeNull();
  });

  it('a remote whose server is down fails with its own error, and loads on the next attempt once it is back', async () => {
    served.set('/mf/down/remoteEntry.js', { release: 'first', up: false });
    const page = host('page_down', 'down');
    await expect(page.loadRemote('down/Dashboard')).rejects.toThrow(
      'http://localhost/mf/down/remoteEntry.js is unreachable',
    );
    // Asked once more from a fresh entry, then given up.
    expect(entriesFetched).toHaveLength(2);

    served.set('/mf/down/remoteEntry.js', { release: 'first', up: true });
    expect(drawn(await page.loadRemote<Screen>('down/Dashboard'))).toBe('./Dashboard of first');
    expect(entriesFetched).toHaveLength(3);
  });

  it('a release built for a runtime the page does not offer gets the outdated screen, its entry never run', async () => {
    served.set('/mf/old/remoteEntry.js', {
      release: 'first',
      up: true,
      version: { shared: { '@module-federation/runtime-core': { version: '9.0.0', requiredVersion: '^9.0.0' } } },
    });
    const page = host('page_old', 'old');
    const screen = await page.loadRemote<Screen>('old/StudentLogin');
    expect(screen?.default).toBe(Outdated);
    expect(entriesFetched).toEqual([]);
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/^old was built for shared packages.*\n.*needs \^9\.0\.0/),
    );
  });

  it("a remote's own instance (one remote embedding another) loads through the same plugin", async () => {
    served.set('/mf/widgets/remoteEntry.js', { release: 'first', up: true });
    const embedding = host('mf_embedding', 'widgets');
    expect(drawn(await embedding.loadRemote<Screen>('widgets/LiveDrive'))).toBe('./LiveDrive of first');
    served.set('/mf/widgets/remoteEntry.js', { release: 'next', up: true });
    expect(drawn(await embedding.loadRemote<Screen>('widgets/SessionHistory'))).toBe('./SessionHistory of next');
  });
});
