/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { sharedSingletons } from '../../scripts/federationShared';
import { sharedVersions } from '../../scripts/frontEndRelease';
import { unmetSharedVersions } from '../src/features/remotes/lib/releaseCompatibility';

const ROOT = path.resolve(__dirname, '..', '..');

test.each(['shell', 'mf-parent', 'mf-student', 'mf-sessions'])('%s shares the same singletons', (app) => {
  const shared = sharedSingletons(path.join(ROOT, app));
  expect(Object.keys(shared).sort()).toEqual(
    [
      '@logbook/contracts/view',
      '@logbook/shell-context/shared',
      '@logbook/ui/shared',
      'react',
      'react-dom',
      'swr',
    ].sort(),
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
  '@logbook/shell-context': '1.3.0',
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
  '%s needs the release of the shared packages it was built with: a shell of the previous release refuses it',
  (app) => {
    const needs = (dir: string) =>
      Object.fromEntries(
        Object.entries(sharedVersions(sharedSingletons(dir))).filter(([name]) => name.startsWith('@logbook/')),
      );
    const remote = needs(path.join(ROOT, app));
    // Release 1.3 moved the toasts to shell-context; release 1.2 offered the contracts' `view` entry.
    const release12 = Object.fromEntries(
      Object.entries({ '@logbook/ui': '1.1.0', '@logbook/shell-context': '1.2.0', '@logbook/contracts': '1.2.0' }).map(
        ([name, version]) => [name, { version, requiredVersion: `^${version}` }],
      ),
    );
    expect(unmetSharedVersions(remote, release12)).toEqual([
      '@logbook/shell-context: the remote needs ^1.3.0, this page offers 1.2.0',
    ]);
    // Today's shell serves it, and the remotes of the previous release.
    const shell = needs(path.join(ROOT, 'shell'));
    expect(unmetSharedVersions(remote, shell)).toEqual([]);
    expect(unmetSharedVersions(release12, shell)).toEqual([]);
  },
);
