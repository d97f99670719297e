/**
 * @jest-environment node
 */
import path from 'node:path';
import type { Rollup } from 'vite';
import { firstViewFiles } from '../../scripts/frontEndRelease';

const APP = '/apps/mf-parent';

function chunk(
  fileName: string,
  { imports = [], dynamicImports = [], modules = [], css = [] }: Partial<Record<string, string[]>> & { css?: string[] },
): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    imports,
    dynamicImports,
    moduleIds: modules.map((m) => path.join(APP, m)),
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as Rollup.OutputChunk;
}

/** A remote's bundle as the federation plugin leaves it: an entry, a map of its shared modules, two exposed screens. */
function remoteBundle(): Rollup.OutputBundle {
  const chunks = [
    chunk('remoteEntry.js', {
      imports: ['assets/runtime.js'],
      dynamicImports: ['assets/sharedMap.js', 'assets/Dashboard-wrap.js', 'assets/Account-wrap.js'],
    }),
    chunk('assets/runtime.js', { imports: ['assets/helpers.js'] }),
    chunk('assets/helpers.js', {}),
    chunk('assets/sharedMap.js', { imports: ['assets/helpers.js'], dynamicImports: ['assets/react-fallback.js'] }),
    chunk('assets/react-fallback.js', {}),
    chunk('assets/Dashboard-wrap.js', { imports: ['assets/Dashboard.js'] }),
    chunk('assets/Dashboard.js', {
      modules: ['src/app/routes/Dashboard.tsx'],
      imports: ['assets/glue.js', 'assets/Layout.js'],
      dynamicImports: ['assets/QrCode.js'],
      css: ['assets/Dashboard.css'],
    }),
    chunk('assets/Layout.js', { imports: ['assets/glue.js'], css: ['assets/Layout.css'] }),
    chunk('assets/glue.js', {}),
    chunk('assets/QrCode.js', {}),
    chunk('assets/Account-wrap.js', { imports: ['assets/Account.js'] }),
    chunk('assets/Account.js', { modules: ['src/app/routes/Account.tsx'], imports: ['assets/glue.js'] }),
  ];
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

test("lists what each exposed screen needs first: the entry's imports, its shared-module map, the screen's chunks, their imports and style sheets", () => {
  const files = firstViewFiles(remoteBundle(), APP, {
    './Dashboard': './src/app/routes/Dashboard.tsx',
    './Account': './src/app/routes/Account.tsx',
  });
  expect(files['./Dashboard']).toEqual([
    'assets/runtime.js',
    'assets/helpers.js',
    'assets/sharedMap.js',
    'assets/Dashboard-wrap.js',
    'assets/Dashboard.js',
    'assets/Dashboard.css',
    'assets/glue.js',
    'assets/Layout.js',
    'assets/Layout.css',
  ]);
  // Not the entry itself (the page preloads it already), not what loads later (the QR code), not another screen's
  // code, not the fallback copies of shared packages the page offers.
  expect(files['./Account']).toEqual([
    'assets/runtime.js',
    'assets/helpers.js',
    'assets/sharedMap.js',
    'assets/Account-wrap.js',
    'assets/Account.js',
    'assets/glue.js',
  ]);
});

test("a screen that draws another remote's modules as it opens needs their loading glue and the federation instance the glue starts first, and nothing else it loads later", () => {
  const glue = (module: string) =>
    `assets/_virtual_mf___mfe_internal__mf_student__loadRemote__mf_sessions_mf_1_${module}__mf_owner__1__loadRemote__-x.js`;
  const bundle = {
    ...remoteBundle(),
    ...Object.fromEntries(
      [
        chunk('remoteEntry.js', {
          imports: ['assets/runtime.js'],
          dynamicImports: ['assets/sharedMap.js', 'assets/Dashboard-wrap.js', 'assets/Account-wrap.js'],
        }),
        chunk('assets/Dashboard.js', {
          modules: ['src/app/routes/Dashboard.tsx'],
          imports: ['assets/glue.js'],
          dynamicImports: [glue('LiveDrive'), glue('SessionHistory'), glue('NewSession'), 'assets/QrCode.js'],
        }),
        chunk(glue('LiveDrive'), { imports: ['assets/helpers.js'], dynamicImports: ['assets/hostInit.js'] }),
        chunk(glue('SessionHistory'), { imports: ['assets/helpers.js'], dynamicImports: ['assets/hostInit.js'] }),
        chunk(glue('NewSession'), { dynamicImports: ['assets/hostInit.js'] }),
        chunk('assets/hostInit.js', { imports: ['assets/helpers.js'] }),
      ].map((c) => [c.fileName, c]),
    ),
  };
  const exposes = { './Dashboard': './src/app/routes/Dashboard.tsx', './Account': './src/app/routes/Account.tsx' };
  const files = firstViewFiles(bundle, APP, exposes, 'remoteEntry.js', {
    './Dashboard': { mf_sessions: ['./LiveDrive', './SessionHistory'] },
  });
  expect(files['./Dashboard']).toEqual([
    'assets/runtime.js',
    'assets/helpers.js',
    'assets/sharedMap.js',
    'assets/Dashboard-wrap.js',
    'assets/Dashboard.js',
    'assets/glue.js',
    glue('LiveDrive'),
    glue('SessionHistory'),
    'assets/hostInit.js',
  ]);
});

test('stops the build when an exposed module is in no chunk', () => {
  expect(() => firstViewFiles(remoteBundle(), APP, { './Missing': './src/app/routes/Missing.tsx' })).toThrow(
    /No chunk holds .*Missing\.tsx, exposed as \.\/Missing/,
  );
});
