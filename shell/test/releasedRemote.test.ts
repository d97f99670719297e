import { prefetchRemote, satisfies, unmetSharedVersions } from '../src/app/releasedRemote';

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

describe('fetching a remote early', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    document.head.innerHTML = '';
  });

  it("asks for the remote's version.json and preloads its entry, once, without running it", () => {
    const fetchMock = jest.fn((_url: string) => new Promise<Response>(() => undefined));
    global.fetch = fetchMock as unknown as typeof fetch;
    prefetchRemote('mf_sessions');
    prefetchRemote('mf_sessions');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/mf/sessions/version.json']);
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('href')])).toEqual([
      ['modulepreload', new URL('/mf/sessions/remoteEntry.js', location.href).href],
    ]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
