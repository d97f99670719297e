/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { packageOf, WORKSPACE_ENTRIES } from '../../scripts/federationShared';

const ROOT = path.resolve(__dirname, '..', '..');
const MARKER = /compat: until ([0-9]+)\.([0-9]+)/;

/** The release: the newest version among the packages the shell shares with the remotes (docs/architecture.md). */
const [major, minor] = WORKSPACE_ENTRIES.map((entry) => {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'packages', packageOf(entry).slice(9), 'package.json'), 'utf8'),
  );
  return (pkg.version as string).split('.').map(Number);
}).sort((a, b) => b[0] - a[0] || b[1] - a[1])[0];

test('every compatibility layer ends after the release it names, which is still to come', () => {
  const lines = execFileSync('git', ['grep', '--untracked', '-nE', MARKER.source, '--', '*.ts', '*.tsx', '*.mjs'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((line) => line && !line.startsWith('shell/test/compatibility.test.ts'));
  expect(lines.length).toBeGreaterThan(0);
  const expired = lines.filter((line) => {
    const [, until, untilMinor] = MARKER.exec(line)!.map(Number);
    return until < major || (until === major && untilMinor <= minor);
  });
  // A layer listed here serves remotes of a release the shell no longer runs (only this one and the one before): remove it.
  expect(expired).toEqual([]);
});
