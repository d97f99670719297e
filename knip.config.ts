import type { KnipConfig } from 'knip';

/** A workspace whose tests are its entry points: its `files` under src/ and test/. */
const tested = (files: string) => ({ entry: [`test/**/${files}`], project: [`src/**/${files}`, `test/**/${files}`] });

const FRONT_END = {
  ...tested('*.{ts,tsx}'),
  // Each remote's Vite config is built by scripts/remoteViteConfig.ts, which imports the federation plugin.
  ignoreDependencies: ['@module-federation/vite'],
};

const SERVICE = {
  ...tested('*.ts'),
  // `npm run build` bundles the service with scripts/build-service.mjs, which imports it.
  ignoreDependencies: ['esbuild'],
};

const config: KnipConfig = {
  // Programs the tests run from the system rather than from npm (poppler-utils, docker-compose, kubectl).
  ignoreBinaries: ['kubectl', 'docker-compose', 'pdftotext', 'pdftoppm', 'pdfinfo'],
  workspaces: {
    '.': {
      entry: ['scripts/*.{mjs,cjs,ts,tsx}', 'scripts/system-packages/*.cjs', 'jest.*.js'],
      project: ['scripts/**/*.{mjs,cjs,ts,tsx}', '*.{js,mjs}'],
      // Run from node_modules by path: the local mail inbox (scripts/stack.cjs) and the validating proxy
      // (scripts/openapi-proxy-check.mjs).
      ignoreDependencies: ['maildev', '@stoplight/prism-cli'],
    },
    'packages/*': tested('*.{ts,tsx}'),
    'packages/shell-context': { project: ['src/**/*.ts'] },
    ...Object.fromEntries(['svc-auth', 'svc-students', 'svc-billing'].map((dir) => [dir, SERVICE])),
    'svc-logbook': {
      ...SERVICE,
      // The PDF's fonts are read from their packages by name (src/pdf/fonts.ts).
      ignoreDependencies: [...SERVICE.ignoreDependencies, /^@fontsource\//],
    },
    gateway: {
      ...SERVICE,
      // validate.mjs is run as a process of its own by the description's command line (src/openapi/cli.ts).
      entry: [...SERVICE.entry, 'src/openapi/validate.mjs'],
    },
    shell: {
      ...FRONT_END,
      // Rendered at build time into index.html by the vite config (prerenderLanding).
      entry: [...FRONT_END.entry, 'src/app/prerenderLanding.tsx'],
      // The shell is the federation host without the build plugin (its vite config).
      ignoreDependencies: [],
    },
    // The module that draws the screens' frames before any script runs, named by the vite config.
    'mf-parent': { ...FRONT_END, entry: [...FRONT_END.entry, 'src/app/frames.tsx'] },
    'mf-student': FRONT_END,
    'mf-sessions': FRONT_END,
    e2e: { entry: ['**/*.test.ts', 'support/*.mjs'], project: ['**/*.{ts,mjs}'] },
    bench: { entry: ['*.mjs'], project: ['**/*.mjs'] },
    deploy: { entry: ['test/**/*.test.ts'], project: ['test/**/*.ts'] },
    security: { entry: ['test/**/*.test.ts'], project: ['test/**/*.ts'] },
  },
};

export default config;
