/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { sharedSingletons } from '../../scripts/federationShared';
import { unmetSharedVersions } from '../src/features/remotes/lib/releaseCompatibility';

const ROOT = path.resolve(__dirname, '..', '..');

test.each(['shell', 'mf-parent', 'mf-student', 'mf-sessions'])('%s shares the same singletons', (app) => {
  const shared = sharedSingletons(path.join(ROOT, app));
  expect(Object.keys(shared).sort()).toEqual(
    ['@logbook/contracts/', '@logbook/shell-context/', '@logbook/ui/', 'react', 'react-dom', 'swr'].sort(),
  );
  for (const entry of Object.values(shared)) expect(entry).toMatchObject({ singleton: true, strictVersion: true });
  expect(shared.react.version).toBe(require('react/package.json').version);
});

function fakeApp(dependencies: Record<string, string>) {
  // Inside the repository so the installed packages resolve as they do for the real apps.
  const dir = fs.mkdtempSync(path.join(ROOT, 'shell', '.federation-test-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'fake', dependencies }));
  return dir;
}

const good = {
  react: '^19.0.0',
  'react-dom': '^19.0.0',
  'react-router': '^7.0.0',
  'react-router-dom': '^7.0.0',
  swr: '^2.0.0',
  '@logbook/ui': '1.1.0',
  '@logbook/shell-context': '1.2.0',
  '@logbook/contracts': '1.2.0',
};

test('a version mismatch stops the build', () => {
  const dir = fakeApp({ ...good, react: '^18.3.0' });
  try {
    expect(() => sharedSingletons(dir)).toThrow(/react@19\.\d+\.\d+ is installed but .* asks for \^18\.3\.0/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a shared package the app does not declare stops the build', () => {
  const { swr: _swr, ...withoutSwr } = good;
  const dir = fakeApp(withoutSwr);
  try {
    expect(() => sharedSingletons(dir)).toThrow(/swr is shared but not a dependency/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.each(['mf-parent', 'mf-student', 'mf-sessions'])(
  '%s needs the workspace packages that have shared entries: a shell offering an earlier release refuses it',
  (app) => {
    const needs = (dir: string) =>
      Object.fromEntries(
        Object.entries(sharedSingletons(dir))
          .filter(([key]) => key.startsWith('@logbook/'))
          .map(([key, { version, requiredVersion }]) => [key.replace(/\/$/, ''), { version, requiredVersion }]),
      );
    const shellOffering = (versions: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(versions).map(([name, version]) => [name, { version, requiredVersion: `^${version}` }]),
      );
    const remote = needs(path.join(ROOT, app));
    // 1.1.0 brought the shared entries; with 1.2.0 the contracts' entry is `view` (no schemas: answers are read by
    // their shape, which the api client of shell-context 1.2.0 takes).
    const release10 = shellOffering({
      '@logbook/ui': '1.0.0',
      '@logbook/shell-context': '1.0.0',
      '@logbook/contracts': '1.0.0',
    });
    const release11 = shellOffering({
      '@logbook/ui': '1.1.0',
      '@logbook/shell-context': '1.1.0',
      '@logbook/contracts': '1.1.0',
    });
    expect(unmetSharedVersions(remote, release10)).toEqual([
      '@logbook/ui: the remote needs ^1.1.0, this page offers 1.0.0',
      '@logbook/shell-context: the remote needs ^1.2.0, this page offers 1.0.0',
      '@logbook/contracts: the remote needs ^1.2.0, this page offers 1.0.0',
    ]);
    expect(unmetSharedVersions(remote, release11)).toEqual([
      '@logbook/shell-context: the remote needs ^1.2.0, this page offers 1.1.0',
      '@logbook/contracts: the remote needs ^1.2.0, this page offers 1.1.0',
    ]);
    // Today's shell serves it, and still serves remotes built against either earlier release.
    const shell = needs(path.join(ROOT, 'shell'));
    expect(unmetSharedVersions(remote, shell)).toEqual([]);
    expect(unmetSharedVersions(release11, shell)).toEqual([]);
    expect(unmetSharedVersions(release10, shell)).toEqual([]);
  },
);
