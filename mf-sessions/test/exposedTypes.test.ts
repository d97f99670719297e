import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { exposes } from '../exposes';

const root = join(__dirname, '..', '..');
const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as {
  compilerOptions?: { paths?: Record<string, string[]> };
};
const paths = tsconfig.compilerOptions?.paths ?? {};

describe('the types other front ends see for what this remote exposes', () => {
  it.each(Object.entries(exposes))('mf_sessions/%s is typed from %s', (name, file) => {
    const mapped = paths[`mf_sessions/${name.replace(/^\.\//, '')}`];
    expect(mapped?.map((p) => normalize(join(root, p)))).toEqual([normalize(join(root, 'mf-sessions', file))]);
  });

  it('maps nothing this remote does not expose', () => {
    const exposed = Object.keys(exposes).map((name) => `mf_sessions/${name.replace(/^\.\//, '')}`);
    const mappedNames = Object.keys(paths).filter((name) => name.startsWith('mf_sessions/'));
    expect(mappedNames.sort()).toEqual(exposed.sort());
  });
});
