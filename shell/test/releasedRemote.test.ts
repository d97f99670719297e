import { satisfies, unmetSharedVersions } from '../src/app/releasedRemote';

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
});
