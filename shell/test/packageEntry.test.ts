/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { packageEntry } from '../src/features/remotes/lib/packageEntry';

const ROOT = path.resolve(__dirname, '..', '..');
const HOST = fs.readFileSync(path.join(ROOT, 'shell/src/features/remotes/lib/federationHost.ts'), 'utf8');

/** The files of a package the shell offers one by one: its glob patterns in federationHost.ts, read as written. */
function offeredFiles(pkg: string, dirs: string[]): string[] {
  const excluded = new Set<string>();
  for (const [, dir, names] of HOST.matchAll(
    /'!\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/packages\/([\w/-]+)\/\{?([\w,-]+)\}?\.ts'/g,
  )) {
    for (const name of names.split(',')) excluded.add(`${dir}/${name}`);
  }
  return dirs.flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, 'packages', pkg, dir))
      .filter((f) => /\.tsx?$/.test(f) && !excluded.has(`${pkg}/${dir}/${f.replace(/\.tsx?$/, '')}`))
      .map((f) => path.join(ROOT, 'packages', pkg, dir, f)),
  );
}

const PACKAGES = [
  { pkg: 'ui', dirs: ['src/components', 'src/lib'], entry: 'shared' },
  { pkg: 'shell-context', dirs: ['src'], entry: 'shared' },
  { pkg: 'contracts', dirs: ['src'], entry: 'view' },
];

describe.each(PACKAGES)("@logbook/$pkg's shared entry ($entry)", ({ pkg, dirs, entry: entryName }) => {
  const entryFile = path.join(ROOT, 'packages', pkg, `src/${entryName}.ts`);
  const files = offeredFiles(pkg, dirs).filter((f) => f !== entryFile);

  test('re-exports every file the shell offers of the package, and nothing else', () => {
    const reExported = [...fs.readFileSync(entryFile, 'utf8').matchAll(/^export \* from '(\.[^']+)';$/gm)].map(
      ([, spec]) => path.join(path.dirname(entryFile), spec),
    );
    expect(reExported.sort()).toEqual(files.map((f) => f.replace(/\.tsx?$/, '')).sort());
  });

  test('is offered by the shell with the same members, the very objects the files hold', () => {
    const modules = Object.fromEntries(files.map((f) => [f, require(f) as Record<string, unknown>]));
    const entry = require(entryFile) as Record<string, unknown>;
    const offered = packageEntry([modules]);
    const names = Object.keys(entry).filter((n) => n !== '__esModule');
    expect(names.length).toBeGreaterThan(0);
    expect(Object.keys(offered).sort()).toEqual(names.sort());
    for (const name of names) expect(offered[name]).toBe(entry[name]);
  });
});

test('an entry offered by the shell reads each member from its module when asked for', () => {
  const file = { count: 1 } as Record<string, unknown>;
  const entry = packageEntry([{ './a.ts': file, './b.ts': { count: 1, other: 'b' } }]);
  file.count = 2;
  expect(entry.count).toBe(2);
  expect(entry.other).toBe('b');
  expect(Object.keys(packageEntry([{ './c.ts': { default: 'c', named: 'n' } }]))).toEqual(['named']);
});
